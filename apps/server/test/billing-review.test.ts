// Review findings on upgrading and editing pending plans (issue 13) over real HTTP, with a local
// Stripe stand-in: a payment (bank transfer or signed Stripe webhook) for an invoice an upgrade
// voided meanwhile is recorded as a transaction to refund and changes no subscription; an upgrade
// and a payment at the same time both finish (one lock order: subscription, then invoice); the
// voided invoice's Stripe checkout session is expired; an unreachable Stripe after an upgrade
// keeps the pending purchase; a bundle plan in use is not deleted; a change naming bundles for a
// subscription whose plan was deleted answers 409.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, paymentTransactions, subscriptions } from '../src/kernel/db/schema.ts';
import { upsertSettings } from '../src/settings/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_review';
const clock = new Date('2026-06-10T09:00:00Z');

let stripe: StripeStandIn;
let server: TestServer;
let superadmin: TestSession;
let acmeBilling: TestSession;
const ids: Record<string, string> = {};

const acme = (method: string, path: string, body?: unknown) => server.request('acme', method, path, { session: acmeBilling, ...(body === undefined ? {} : { body }) });
const platform = (method: string, path: string, body?: unknown) => server.request('system', method, path, { session: superadmin, ...(body === undefined ? {} : { body }) });
const deliver = ({ payload, header }: { payload: string; header: string }) =>
  server.request('system', 'POST', '/billing/stripe/events', { rawBody: payload, contentType: 'application/json; charset=utf-8', headers: { 'stripe-signature': header } });
const event = (id: string, type: string, object: Record<string, unknown>) => ({ id, object: 'event', type, api_version: '2025-01-27', created: 1_780_000_000, livemode: false, data: { object } });
const invoiceRow = async (id: string) => (await server.database.withPlatform((tx) => tx.select().from(invoices).where(eq(invoices.id, id))))[0]!;
const subscriptionRow = async (id: string) => (await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0]!;
const paymentsOf = (invoiceId: string) => server.database.withPlatform((tx) => tx.select().from(paymentTransactions).where(eq(paymentTransactions.invoiceId, invoiceId)));

async function pendingPurchase(licenses = 2, provider: 'manual' | 'stripe' = 'manual') {
  const res = await acme('POST', '/billing/purchases', { planId: ids.business, licenses, billingCycle: 'monthly', currency: 'EUR', provider });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { subscriptionId: res.body.subscription.id as string, invoiceId: res.body.invoice.id as string, number: res.body.invoice.number as string };
}

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  process.env.PORTAL_STRIPE_API_URL = stripe.url;
  server = await startTestServer({ clock: () => clock });
  await server.database.withPlatform((tx) =>
    upsertSettings(tx, 'payment', { provider: 'stripe', publishableKey: 'pk_test_review', secretKey: server.app.secrets.seal('sk_test_review'), webhookSecret: server.app.secrets.seal(WEBHOOK_SECRET) }, null),
  );
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeBilling = await server.login('acme', userEmail('acme', 'accountadmin'));
  const meetings = await platform('POST', '/products', { name: 'Meetings' });
  const storage = await platform('POST', '/products', { name: 'Storage', isBundle: true });
  const plan = async (name: string, productId: string, amount: number, extra: Record<string, unknown> = {}) => {
    const res = await platform('POST', '/plans', { name, productId, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'EUR', billingCycle: 'monthly', amount }], ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  ids.storage = await plan('Cloud storage', storage.body.id, 300);
  ids.archive = await plan('Archive', storage.body.id, 100);
  ids.business = await plan('Business', meetings.body.id, 1_000, { linkedPlanIds: [ids.storage, ids.archive] });
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
  delete process.env.PORTAL_STRIPE_API_URL;
});

describe('a payment for an invoice an upgrade voided', () => {
  it('a bank transfer is recorded as a transaction to refund, listed and audited, and changes no subscription', async () => {
    const { subscriptionId, invoiceId, number } = await pendingPurchase();
    const up = await acme('POST', `/billing/subscriptions/${subscriptionId}/upgrade`, { licenses: 3 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const paying = await platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: 'bt_late_1' });
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body).toMatchObject({ id: invoiceId, status: 'void' });
    expect(await paymentsOf(invoiceId)).toEqual([expect.objectContaining({ reference: 'bt_late_1', mode: 'bank_transfer', status: 'refund_due', amount: 2_000 })]);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'pending', licenses: 3 });
    expect(await invoiceRow(up.body.invoice.id)).toMatchObject({ status: 'open' });
    const listed = await acme('GET', '/billing/payments');
    expect(listed.body.items).toContainEqual(expect.objectContaining({ reference: 'bt_late_1', status: 'refund_due' }));
    const audit = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entityId, invoiceId), eq(auditLog.entity, 'invoice'))));
    expect(audit.some((entry) => JSON.stringify(entry.after).includes('refund_due'))).toBe(true);
    // The same transfer again is not recorded twice; a paid invoice is still refused.
    expect((await platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: 'bt_late_1' })).status).toBe(200);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    expect((await platform('POST', `/billing/invoices/${up.body.invoice.id}/manual-payment`, {})).status).toBe(200);
    expect([(await platform('POST', `/billing/invoices/${up.body.invoice.id}/manual-payment`, {})).body.code]).toEqual(['invoice_not_open']);
    expect(number).toMatch(/^INV-/);
  });

  it('a signed Stripe webhook is answered 2xx, recorded once as a transaction to refund, and changes no subscription', async () => {
    const { subscriptionId, invoiceId } = await pendingPurchase(2, 'stripe');
    const up = await acme('POST', `/billing/subscriptions/${subscriptionId}/upgrade`, { licenses: 4 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const completed = stripe.signed(event('evt_void_completed', 'checkout.session.completed', { id: 'cs_void', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_void', amount_total: 2_000, client_reference_id: invoiceId, metadata: { invoiceId } }));
    const first = await deliver(completed);
    expect([first.status, first.body.outcome]).toEqual([200, 'refund_due']);
    const succeeded = stripe.signed(event('evt_void_pi', 'payment_intent.succeeded', { id: 'pi_void', object: 'payment_intent', amount: 2_000, amount_received: 2_000, payment_method: 'pm_card_visa', metadata: { invoiceId } }));
    expect([(await deliver(succeeded)).body.outcome, (await deliver(succeeded)).body.outcome]).toEqual(['refund_due', 'duplicate']);
    expect(await paymentsOf(invoiceId)).toEqual([expect.objectContaining({ reference: 'pi_void', mode: 'card', status: 'refund_due', amount: 2_000 })]);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'pending', licenses: 4, paymentMethodRef: null });
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'void' });
  });

  for (const order of ['upgrade first', 'payment first'] as const) {
    it(`an upgrade and a payment at the same time both finish (${order})`, async () => {
      const { subscriptionId, invoiceId } = await pendingPurchase();
      const upgrade = () => acme('POST', `/billing/subscriptions/${subscriptionId}/upgrade`, { licenses: 5 });
      const pay = () => platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: `bt_race_${order.split(' ')[0]}` });
      const [up, paid] = order === 'upgrade first' ? await Promise.all([upgrade(), pay()]) : (await Promise.all([pay(), upgrade()])).reverse();
      expect(paid!.status, JSON.stringify(paid!.body)).toBe(200);
      const [payment] = await paymentsOf(invoiceId);
      if (up!.status === 200) {
        // The upgrade voided the invoice first: the payment waits to be refunded.
        expect(payment).toMatchObject({ status: 'refund_due' });
        expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'pending', licenses: 5 });
      } else {
        // The payment activated the purchase first: the upgrade is refused, nothing voided.
        expect([up!.status, up!.body.code]).toEqual([409, 'subscription_not_pending']);
        expect(payment).toMatchObject({ status: 'succeeded' });
        expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'active', licenses: 2 });
        expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid' });
      }
    });
  }
});

describe('the checkout session of a voided invoice', () => {
  it('is expired at Stripe when an upgrade, an edit or a withdrawal voids its invoice', async () => {
    const { subscriptionId, invoiceId } = await pendingPurchase(2, 'stripe');
    const sessionOf = async (id: string) => stripe.sessions.get((await invoiceRow(id)).providerReference!)!;
    const first = await sessionOf(invoiceId);
    expect(first.expired).toBe(false);
    const up = await acme('POST', `/billing/subscriptions/${subscriptionId}/upgrade`, { licenses: 3 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(first.expired).toBe(true);
    expect(stripe.seen.find((call) => call.path === `/v1/checkout/sessions/${first.id}/expire`)?.idempotencyKey).toBe(`expire-${first.id}`);
    const second = await sessionOf(up.body.invoice.id);
    const edited = await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, { licenses: 4 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect([second.expired, (await sessionOf(edited.body.invoice.id)).expired]).toEqual([true, false]);
    expect((await acme('DELETE', `/billing/subscriptions/${subscriptionId}`)).status).toBe(204);
    expect((await sessionOf(edited.body.invoice.id)).expired).toBe(true);
  });
});

describe('an unreachable Stripe after an upgrade', () => {
  it('answers 502 and keeps the pending purchase with its new invoice open', async () => {
    const { subscriptionId, invoiceId } = await pendingPurchase(2, 'stripe');
    const saved = process.env.PORTAL_STRIPE_API_URL;
    process.env.PORTAL_STRIPE_API_URL = 'http://127.0.0.1:9';
    try {
      const up = await acme('POST', `/billing/subscriptions/${subscriptionId}/upgrade`, { licenses: 3 });
      expect([up.status, up.body.code]).toEqual([502, 'payment_provider_unreachable']);
      const edited = await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, { licenses: 4 });
      expect([edited.status, edited.body.code]).toEqual([502, 'payment_provider_unreachable']);
    } finally {
      process.env.PORTAL_STRIPE_API_URL = saved;
    }
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'pending', licenses: 4 });
    const all = await server.database.withPlatform((tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)));
    expect(all.filter((invoice) => invoice.status === 'open')).toEqual([expect.objectContaining({ total: 4_000 })]);
    expect(all.find((invoice) => invoice.id === invoiceId)).toMatchObject({ status: 'void' });
    const listed = await acme('GET', '/billing/subscriptions?state=pending');
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(subscriptionId);
  });
});

describe('deleting a bundle plan', () => {
  it('is refused while a subscription holds it among its bundles', async () => {
    const res = await acme('POST', '/billing/purchases', { planId: ids.business, licenses: 2, billingCycle: 'monthly', currency: 'EUR', bundlePlanIds: [ids.archive] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const refused = await platform('DELETE', `/plans/${ids.archive}`);
    expect([refused.status, refused.body.code]).toEqual([409, 'plan_in_use']);
    expect((await platform('GET', `/plans/${ids.archive}`)).status).toBe(200);
  });
});

describe('a change naming bundles for a subscription whose plan was deleted', () => {
  it('answers 409 plan_unavailable, not 500', async () => {
    const assigned = await platform('POST', `/tenants/${server.ids.tenants.acme}/assigned-plans`, { planId: ids.business, licenses: 2, billingCycle: 'monthly', currency: 'EUR' });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    await server.database.withPlatform((tx) => tx.update(subscriptions).set({ planId: null }).where(eq(subscriptions.id, assigned.body.id)));
    for (const bundlePlanIds of [[], [ids.storage]]) {
      const preview = await acme('POST', `/billing/subscriptions/${assigned.body.id}/change-quote`, { bundlePlanIds });
      const change = await acme('POST', `/billing/subscriptions/${assigned.body.id}/change`, { bundlePlanIds });
      expect([preview.status, preview.body.code, change.status, change.body.code]).toEqual([409, 'plan_unavailable', 409, 'plan_unavailable']);
    }
  });
});
