// Stripe's webhook: the signature is checked by the SDK over the exact body (constructEvent with
// the saved webhook secret); each event is applied once, by its id, in the same transaction as its
// effect (provider_events), so a replay changes nothing. A payment is one transaction row per
// PaymentIntent (payment_transactions.reference is unique), so Checkout's and the PaymentIntent's
// events about the same payment, in either order, pay the invoice once; a failure arriving after
// the success is recorded but changes nothing. A payment for an invoice voided meanwhile is
// recorded as a transaction to refund ('refund_due') and changes no subscription.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AuditActor } from '../../kernel/audit/record.ts';
import { invoices, paymentTransactions, providerEvents, subscriptions } from '../../kernel/db/schema.ts';
import type { AppDatabase } from '../../kernel/db/database.ts';
import type { Database } from '../../kernel/db/types.ts';
import { payInvoice } from '../invoices.ts';

export type WebhookOutcome = 'duplicate' | 'paid' | 'already_paid' | 'refund_due' | 'failed_recorded' | 'awaiting_payment' | 'amount_mismatch' | 'unknown_invoice' | 'ignored';

const stripeActor = (tenantId: string): AuditActor => ({ tenantId, userId: null, label: 'stripe', ip: null, requestId: null });

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

async function pay(tx: Database, invoiceId: string | null | undefined, reference: string, amount: number | null, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  if (!invoiceId) return 'unknown_invoice';
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return 'unknown_invoice';
  if (invoice.status !== 'open' && invoice.status !== 'void') return 'already_paid';
  if (amount !== null && amount !== invoice.total) return 'amount_mismatch';
  // An invoice voided meanwhile (the purchase upgraded or edited while the customer paid): the
  // payment is recorded to refund and the event answered 2xx, so Stripe stops retrying.
  const outcome = await payInvoice(tx, invoice.id, { mode: 'card', reference, remarks: `Card payment (${event.type})`, amount: amount ?? invoice.total }, now, stripeActor(invoice.tenantId));
  return outcome === 'not_open' ? 'already_paid' : outcome;
}

async function apply(tx: Database, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return 'awaiting_payment';
      return pay(tx, session.metadata?.invoiceId ?? session.client_reference_id, idOf(session.payment_intent) ?? session.id, session.amount_total, event, now);
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const outcome = await pay(tx, intent.metadata?.invoiceId, intent.id, intent.amount_received, event, now);
      // The card is kept for renewals (charged off-session at the cycle end).
      const method = idOf(intent.payment_method);
      const invoiceId = intent.metadata?.invoiceId;
      if (method && invoiceId && (outcome === 'paid' || outcome === 'already_paid')) {
        const [invoice] = await tx.select({ subscriptionId: invoices.subscriptionId }).from(invoices).where(eq(invoices.id, invoiceId));
        if (invoice?.subscriptionId) await tx.update(subscriptions).set({ paymentMethodRef: method }).where(eq(subscriptions.id, invoice.subscriptionId));
      }
      return outcome;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const [invoice] = intent.metadata?.invoiceId ? await tx.select().from(invoices).where(eq(invoices.id, intent.metadata.invoiceId)) : [];
      if (!invoice) return 'unknown_invoice';
      await tx
        .insert(paymentTransactions)
        .values({ tenantId: invoice.tenantId, reference: event.id, mode: 'card', amount: intent.amount, currency: invoice.currency, status: 'failed', remarks: intent.last_payment_error?.message ?? 'Card payment failed', invoiceId: invoice.id, createdAt: now })
        .onConflictDoNothing();
      if (invoice.status === 'open' && invoice.purpose === 'renewal' && invoice.subscriptionId) {
        await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, invoice.subscriptionId));
      }
      return 'failed_recorded';
    }
    default:
      return 'ignored';
  }
}

/** Applies a verified event once; a second delivery of the same event id answers 'duplicate'. */
export async function processStripeEvent(database: AppDatabase, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  return database.withPlatform(async (tx) => {
    const [fresh] = await tx.insert(providerEvents).values({ id: event.id, provider: 'stripe', type: event.type, outcome: 'received', receivedAt: now }).onConflictDoNothing().returning({ id: providerEvents.id });
    if (!fresh) return 'duplicate';
    const outcome = await apply(tx, event, now);
    await tx.update(providerEvents).set({ outcome }).where(eq(providerEvents.id, event.id));
    return outcome;
  });
}
