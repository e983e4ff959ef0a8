// The demo tenant's billing history, dated relative to the first start so Current plans, Invoice
// history and the tenant detail's Subscriptions and Transactions look current: the catalogue's
// Business meeting plan paid monthly (one declined card payment, three months ago, settled by bank
// transfer), yearly cloud storage, and a cancelled webinar plan; every payment has its invoice,
// numbered like any other.
import { inArray } from 'drizzle-orm';
import { invoices, paymentTransactions, plans, subscriptions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { periodAt } from './engine/cycles.ts';
import { ISSUER, nextInvoiceNumber, PAYMENT_DAYS } from './invoices.ts';
import { present } from '../kernel/db/present.ts';

const DAY = 24 * 60 * 60 * 1000;
const MEETING_LICENCE = 1_200;
const MEETING_LICENCES = 50;
const STORAGE_YEARLY = 24_000;
const WEBINAR_LICENCE = 3_000;

type DemoPayment = { reference: string; mode: 'card' | 'bank_transfer'; status: 'succeeded' | 'failed'; daysAgo: number; remarks: string };

export async function seedDemoBilling(tx: Database, tenantId: string, now = new Date()): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const currency = 'USD';
  const catalogue = await tx.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.name, ['Business', 'Webinar 500', 'Cloud storage 1 TB']));
  const planIdOf = (name: string) => catalogue.find((plan) => plan.name === name)?.id ?? null;
  const running = (anchorAt: Date, cycle: 'monthly' | 'yearly') => {
    const current = periodAt({ at: anchorAt, timeZone: 'UTC' }, cycle, now);
    return { anchorAt, currentPeriodStart: current.start, currentPeriodEnd: current.end, nextInvoiceDate: current.end };
  };
  const [webinar, storage, meeting] = await tx
    .insert(subscriptions)
    .values([
      { tenantId, planId: planIdOf('Webinar 500'), product: 'Webinar', plan: 'Webinar 500', licenses: 5, billingCycle: 'monthly', status: 'cancelled', autoRenewal: false, effectiveDate: ago(180), nextInvoiceDate: null, nextInvoiceAmount: null, currency, unitAmount: WEBINAR_LICENCE, anchorAt: ago(180), endedAt: ago(150), cancelAtPeriodEnd: true, createdAt: ago(180) },
      { tenantId, planId: planIdOf('Cloud storage 1 TB'), product: 'Storage bundle', plan: 'Cloud storage 1 TB', licenses: 1, billingCycle: 'yearly', status: 'active', autoRenewal: true, effectiveDate: ago(120), nextInvoiceAmount: STORAGE_YEARLY, currency, unitAmount: STORAGE_YEARLY, ...running(ago(120), 'yearly'), createdAt: ago(120) },
      { tenantId, planId: planIdOf('Business'), product: 'Meeting', plan: 'Business', licenses: MEETING_LICENCES, billingCycle: 'monthly', status: 'active', autoRenewal: true, effectiveDate: ago(150), nextInvoiceAmount: MEETING_LICENCE * MEETING_LICENCES, currency, unitAmount: MEETING_LICENCE, ...running(ago(150), 'monthly'), createdAt: ago(150) },
    ])
    .returning();

  // One paid invoice per period, with the payments that settled it.
  const invoiceFor = async (sub: typeof subscriptions.$inferSelect, issuedDaysAgo: number, amount: number, quantity: number, unitAmount: number, payments: DemoPayment[]) => {
    const issuedAt = ago(issuedDaysAgo);
    const paid = payments.find((payment) => payment.status === 'succeeded');
    const [invoice] = await tx
      .insert(invoices)
      .values({
        tenantId,
        subscriptionId: sub.id,
        issuer: ISSUER,
        number: await nextInvoiceNumber(tx, ISSUER),
        status: 'paid',
        purpose: issuedDaysAgo === Math.round((now.getTime() - sub.effectiveDate.getTime()) / DAY) ? 'purchase' : 'renewal',
        effect: { kind: 'renew', periodIndex: 0 },
        currency,
        lines: [{ kind: 'renewal', description: `${sub.product} ${sub.plan} (${sub.billingCycle})`, quantity, unitAmount, amount, periodStart: issuedAt.toISOString(), periodEnd: '' }],
        subtotal: amount,
        total: amount,
        customer: { name: 'Acme Corporation', address: null, country: null },
        brand: { name: 'Acme', logo: null, issuer: 'Portal' },
        language: 'en',
        timeZone: 'UTC',
        provider: 'manual',
        issuedAt,
        dueAt: new Date(issuedAt.getTime() + PAYMENT_DAYS * DAY),
        paidAt: paid ? ago(paid.daysAgo) : null,
        periodStart: issuedAt,
        createdAt: issuedAt,
      })
      .returning({ id: invoices.id });
    await tx.insert(paymentTransactions).values(payments.map((payment) => ({ tenantId, reference: payment.reference, mode: payment.mode, amount, currency, status: payment.status, remarks: payment.remarks, invoiceId: present(invoice, 'invoice').id, createdAt: ago(payment.daysAgo) })));
  };

  const monthly = MEETING_LICENCE * MEETING_LICENCES;
  await invoiceFor(present(webinar, 'webinar'), 179, WEBINAR_LICENCE * 5, 5, WEBINAR_LICENCE, [{ reference: 'pi_acme_webinar_01', mode: 'card', status: 'succeeded', daysAgo: 179, remarks: 'Webinar 500, 5 licenses' }]);
  await invoiceFor(present(storage, 'storage'), 120, STORAGE_YEARLY, 1, STORAGE_YEARLY, [{ reference: 'pi_acme_storage_01', mode: 'card', status: 'succeeded', daysAgo: 120, remarks: 'Cloud storage 1 TB, yearly' }]);
  for (const [n, days] of [150, 120, 90, 60, 30, 0].entries()) {
    const payments: DemoPayment[] =
      days === 90
        ? [
            { reference: 'pi_acme_declined_01', mode: 'card', status: 'failed', daysAgo: 90.1, remarks: 'Card declined: insufficient funds' },
            { reference: 'bt_acme_0001', mode: 'bank_transfer', status: 'succeeded', daysAgo: 89, remarks: 'Settles pi_acme_declined_01' },
          ]
        : [{ reference: `pi_acme_${String(n + 1).padStart(4, '0')}`, mode: 'card', status: 'succeeded', daysAgo: days, remarks: `Business, ${MEETING_LICENCES} licenses` }];
    await invoiceFor(present(meeting, 'meeting'), days, monthly, MEETING_LICENCES, MEETING_LICENCE, payments);
  }
}
