// The billing engine's cycle-end work on the job queue (src/jobs): a periodic sweep finds what is
// due and queues one job per subscription and cycle (dedupe key `billing.cycle-end:<id>:<end>`), per
// expiring invoice and per reminder, so several replicas do each once; each job re-checks its row
// under a lock, so a job run twice changes nothing twice.
// - cycle end: scheduled changes apply (a cancellation ends the subscription, fewer licences take
//   effect); otherwise auto renewal issues the next period's invoice and charges it (a saved card,
//   or a bank transfer the tenant makes), and a subscription without auto renewal expires;
// - an invoice unpaid after its due date expires (uncollectible), and so does its subscription
//   when it was the purchase or a renewal;
// - three days before the due date the tenant's billing administrators get a reminder mail.
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../kernel/audit/record.ts';
import { recordAudit } from '../kernel/audit/record.ts';
import { billingChanges, invoices, paymentTransactions, roles, subscriptions, tenants, userRoles, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { enqueueMail } from '../mail/index.ts';
import { tenantDefaultLanguage } from '../tenants/index.ts';
import { formatMoney } from './engine/money.ts';
import { periodAt } from './engine/cycles.ts';
import { issueInvoice, lockInvoice } from './invoices.ts';
import { syncSeatLimit } from './seats.ts';
import { stripeProvider, stripeSettings } from './providers/stripe.ts';
import { emitSubscriptionChanged } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';
import { perLicence } from './bundles.ts';
import { cycleLines } from './subscriptions.ts';

export const SWEEP_SECONDS = 300;
const REMINDER_DAYS = 3;
const DAY = 86_400_000;

const engineActor = (tenantId: string): AuditActor => ({ tenantId, userId: null, label: 'billing engine', ip: null, requestId: null });

type CycleEnd = { tenantId: string; subscriptionId: string; periodEnd: string };
type InvoiceJob = { tenantId: string; invoiceId: string };

/** Queues the work that is due at `now` (each item once, whoever sweeps). */
export async function sweepBilling(app: FastifyInstance, now: Date): Promise<void> {
  await app.database.withPlatform(async (tx) => {
    const ending = await tx
      .select({ id: subscriptions.id, tenantId: subscriptions.tenantId, end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now)));
    for (const row of ending) {
      const periodEnd = present(row.end, 'row.end').toISOString();
      await app.jobs.enqueue(tx, { kind: 'billing.cycle-end', payload: { tenantId: row.tenantId, subscriptionId: row.id, periodEnd }, dedupeKey: `billing.cycle-end:${row.id}:${periodEnd}` });
    }
    const open = await tx
      .select({ id: invoices.id, tenantId: invoices.tenantId, dueAt: invoices.dueAt })
      .from(invoices)
      .where(and(eq(invoices.status, 'open'), lte(invoices.dueAt, new Date(now.getTime() + REMINDER_DAYS * DAY))));
    for (const row of open) {
      const payload = { tenantId: row.tenantId, invoiceId: row.id };
      if (row.dueAt.getTime() <= now.getTime()) await app.jobs.enqueue(tx, { kind: 'billing.invoice-expire', payload, dedupeKey: `billing.invoice-expire:${row.id}` });
      else await app.jobs.enqueue(tx, { kind: 'billing.reminder', payload, dedupeKey: `billing.reminder:${row.id}` });
    }
  });
}

async function endSubscription(tx: Database, sub: typeof subscriptions.$inferSelect, status: 'cancelled' | 'expired', at: Date, now: Date): Promise<void> {
  await tx.update(subscriptions).set({ status, endedAt: at, nextInvoiceDate: null, nextInvoiceAmount: null, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await tx.update(billingChanges).set({ status: 'applied', appliedAt: now }).where(and(eq(billingChanges.subscriptionId, sub.id), eq(billingChanges.status, 'scheduled')));
  await recordAudit(tx, engineActor(sub.tenantId), { action: 'update', entity: 'subscription', entityId: sub.id, before: { status: sub.status }, after: { status, endedAt: at.toISOString() } });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, status, now);
  await syncSeatLimit(tx, sub.tenantId);
}

/** One subscription's cycle end. Answers the renewal invoice to charge by card, if any. */
export async function endCycle(app: FastifyInstance, job: CycleEnd, now: Date): Promise<void> {
  // Read before the transaction: the platform's default language is a read of its own (PGlite has one connection).
  const [owner] = await app.database.withPlatform((tx) => tx.select({ defaultLanguage: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, job.tenantId)));
  const language = await tenantDefaultLanguage(app.database, { defaultLanguage: owner?.defaultLanguage ?? null });
  const toCharge = await app.database.withTenant(job.tenantId, async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, job.subscriptionId)).for('update');
    // Already handled (this job ran before, or the subscription changed cycle meanwhile).
    if (!sub || sub.currentPeriodEnd?.toISOString() !== job.periodEnd || (sub.status !== 'active' && sub.status !== 'past_due')) return null;
    const end = sub.currentPeriodEnd;
    const due = await tx.select().from(billingChanges).where(and(eq(billingChanges.subscriptionId, sub.id), eq(billingChanges.status, 'scheduled'), lte(billingChanges.effectiveAt, end)));
    if (sub.cancelAtPeriodEnd || due.some((change) => change.kind === 'cancel')) {
      await endSubscription(tx, sub, 'cancelled', end, now);
      return null;
    }
    if (!sub.autoRenewal || sub.status === 'past_due') {
      await endSubscription(tx, sub, 'expired', end, now);
      return null;
    }
    const licences = due.filter((change) => change.kind === 'licenses').at(-1)?.licenses ?? sub.licenses;
    if (due.length > 0) await tx.update(billingChanges).set({ status: 'applied', appliedAt: now }).where(inArray(billingChanges.id, due.map((change) => change.id)));
    const next = periodAt({ at: sub.anchorAt ?? sub.effectiveDate, timeZone: sub.timeZone }, sub.billingCycle, end);
    const amount = perLicence(sub.unitAmount, sub.bundles) * licences;
    await tx
      .update(subscriptions)
      .set({ licenses: licences, currentPeriodStart: next.start, currentPeriodEnd: next.end, nextInvoiceDate: next.end, nextInvoiceAmount: amount, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'renewed', now);
    const [tenant] = await tx.select({ customerId: tenants.paymentCustomerId }).from(tenants).where(eq(tenants.id, sub.tenantId));
    const invoice = await issueInvoice(tx, {
      tenantId: sub.tenantId,
      subscription: sub,
      purpose: 'renewal',
      effect: { kind: 'renew', periodIndex: next.index },
      // The plan's line and one per bundle: renewal charges the bundles with the plan.
      lines: cycleLines(sub, sub.bundles, licences, sub.billingCycle, next.start, next.end, 'renewal'),
      now,
      periodStart: next.start,
      periodEnd: next.end,
      language,
      files: app.files,
    });
    await recordAudit(tx, engineActor(sub.tenantId), { action: 'update', entity: 'subscription', entityId: sub.id, before: { currentPeriodEnd: end.toISOString(), licenses: sub.licenses }, after: { currentPeriodEnd: next.end.toISOString(), licenses: licences, invoice: invoice.number } });
    if (licences !== sub.licenses) await syncSeatLimit(tx, sub.tenantId);
    if (invoice.total === 0) {
      await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eq(invoices.id, invoice.id));
      return null;
    }
    return sub.provider === 'stripe' ? { invoice, sub, customerId: tenant?.customerId ?? null } : null;
  });
  if (!toCharge) return;
  const settings = await stripeSettings(app.database, app.secrets);
  const result = settings
    ? await stripeProvider(settings).chargeRenewal({
        invoice: { id: toCharge.invoice.id, number: toCharge.invoice.number, total: toCharge.invoice.total, currency: toCharge.invoice.currency, description: `${toCharge.sub.product} ${toCharge.sub.plan}` },
        tenant: { id: job.tenantId, customerId: toCharge.customerId },
        paymentMethodRef: toCharge.sub.paymentMethodRef,
      })
    : { status: 'failed' as const, reference: null, failure: 'Card payments are not configured' };
  await app.database.withTenant(job.tenantId, async (tx) => {
    if (result.reference) await tx.update(invoices).set({ providerReference: result.reference }).where(eq(invoices.id, toCharge.invoice.id));
    if (result.status !== 'failed') return;
    await tx.insert(paymentTransactions).values({ tenantId: job.tenantId, reference: `renewal_failed_${toCharge.invoice.number}`, mode: 'card', amount: toCharge.invoice.total, currency: toCharge.invoice.currency, status: 'failed', remarks: result.failure, invoiceId: toCharge.invoice.id, createdAt: now }).onConflictDoNothing();
    await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(and(eq(subscriptions.id, toCharge.sub.id), eq(subscriptions.status, 'active')));
  });
}

/** An invoice still open after its due date: uncollectible; a purchase or renewal it was for ends. */
export async function expireInvoice(app: FastifyInstance, job: InvoiceJob, now: Date): Promise<void> {
  await app.database.withTenant(job.tenantId, async (tx) => {
    // Subscription first, then the invoice (the lock order of invoices.ts lockInvoice).
    const { invoice, sub } = await lockInvoice(tx, job.invoiceId);
    if (!invoice || invoice.status !== 'open' || invoice.dueAt.getTime() > now.getTime()) return;
    await tx.update(invoices).set({ status: 'uncollectible' }).where(eq(invoices.id, invoice.id));
    await recordAudit(tx, engineActor(invoice.tenantId), { action: 'update', entity: 'invoice', entityId: invoice.id, before: { status: 'open' }, after: { status: 'uncollectible', number: invoice.number } });
    if (!sub) return;
    // The credit the invoice would have used is the tenant's again.
    if (invoice.creditApplied > 0) await tx.update(subscriptions).set({ creditBalance: sub.creditBalance + invoice.creditApplied }).where(eq(subscriptions.id, sub.id));
    if (invoice.purpose !== 'change' && sub.status !== 'cancelled' && sub.status !== 'expired') await endSubscription(tx, sub, 'expired', now, now);
  });
}

/** Reminds the tenant's billing administrators of an invoice due soon. */
export async function remindInvoice(app: FastifyInstance, job: InvoiceJob, now: Date): Promise<void> {
  await app.database.withTenant(job.tenantId, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.id, job.invoiceId), eq(invoices.status, 'open'), gt(invoices.dueAt, now)));
    if (!invoice) return;
    const recipients = await tx
      .selectDistinct({ email: users.email })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(users.tenantId, job.tenantId), inArray(roles.name, ['tenantadmin', 'accountadmin'])));
    const amount = formatMoney({ amount: invoice.total, currency: invoice.currency }, 'en');
    const due = invoice.dueAt.toISOString().slice(0, 10);
    for (const { email } of recipients) {
      await enqueueMail(tx, {
        tenantId: job.tenantId,
        to: email,
        template: 'billing_reminder',
        subject: `Invoice ${invoice.number} is due on ${due}`,
        text: `Invoice ${invoice.number} of ${amount} is due on ${due}. Pay it by bank transfer quoting ${invoice.number}, or by card from Billing, Current plans. Unpaid, the subscription ends on that day.`,
      });
    }
  });
}

export function registerBillingJobs(app: FastifyInstance): void {
  app.jobs.register('billing.sweep', (_job, { now }) => sweepBilling(app, now));
  app.jobs.register('billing.cycle-end', (job, { now }) => endCycle(app, job.payload as CycleEnd, now));
  app.jobs.register('billing.invoice-expire', (job, { now }) => expireInvoice(app, job.payload as InvoiceJob, now));
  app.jobs.register('billing.reminder', (job, { now }) => remindInvoice(app, job.payload as InvoiceJob, now));
  app.jobs.schedule({ kind: 'billing.sweep', everySeconds: SWEEP_SECONDS });
}
