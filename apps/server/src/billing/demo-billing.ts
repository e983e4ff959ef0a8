// The demo tenant's billing history, dated relative to the first start so the tenant detail's
// Subscriptions and Transactions sections look current: a meeting plan paid monthly by card (one
// declined payment, three months ago, settled by bank transfer), yearly storage, and a cancelled webinar plan.
import { paymentTransactions, subscriptions } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

const DAY = 24 * 60 * 60 * 1000;
const MEETING_MONTHLY = 50 * 1_200;
const STORAGE_YEARLY = 24_000;
const WEBINAR_MONTHLY = 5 * 3_000;

export async function seedDemoBilling(tx: Database, tenantId: string, now = new Date()): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const currency = 'USD';
  await tx.insert(subscriptions).values([
    { tenantId, product: 'webinar', plan: 'Webinar 500', licenses: 5, billingCycle: 'monthly', status: 'cancelled', autoRenewal: false, effectiveDate: ago(180), nextInvoiceDate: null, nextInvoiceAmount: null, currency, createdAt: ago(180) },
    { tenantId, product: 'storage', plan: 'Cloud storage 1 TB', licenses: 1, billingCycle: 'yearly', status: 'active', autoRenewal: true, effectiveDate: ago(120), nextInvoiceDate: ago(120 - 365), nextInvoiceAmount: STORAGE_YEARLY, currency, createdAt: ago(120) },
    { tenantId, product: 'meeting', plan: 'Business', licenses: 50, billingCycle: 'monthly', status: 'active', autoRenewal: true, effectiveDate: ago(150), nextInvoiceDate: ago(-30), nextInvoiceAmount: MEETING_MONTHLY, currency, createdAt: ago(150) },
  ]);
  const monthly = [150, 120, 60, 30, 0].map((days, n) => ({
    tenantId,
    reference: `pi_acme_${String(n + 1).padStart(4, '0')}`,
    mode: 'card' as const,
    amount: MEETING_MONTHLY,
    currency,
    status: 'succeeded' as const,
    remarks: 'Business, 50 licenses',
    createdAt: ago(days),
  }));
  await tx.insert(paymentTransactions).values([
    ...monthly,
    { tenantId, reference: 'pi_acme_webinar_01', mode: 'card', amount: WEBINAR_MONTHLY, currency, status: 'succeeded', remarks: 'Webinar 500, 5 licenses', createdAt: ago(179) },
    { tenantId, reference: 'pi_acme_storage_01', mode: 'card', amount: STORAGE_YEARLY, currency, status: 'succeeded', remarks: 'Cloud storage 1 TB, yearly', createdAt: ago(120) },
    { tenantId, reference: 'pi_acme_declined_01', mode: 'card', amount: MEETING_MONTHLY, currency, status: 'failed', remarks: 'Card declined: insufficient funds', createdAt: ago(90.1) },
    { tenantId, reference: 'bt_acme_0001', mode: 'bank_transfer', amount: MEETING_MONTHLY, currency, status: 'succeeded', remarks: 'Settles pi_acme_declined_01', createdAt: ago(89) },
  ]);
}
