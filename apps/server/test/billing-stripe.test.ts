// The Stripe adapter against a local stand-in for the few Stripe API endpoints it uses (customers,
// checkout sessions, payment intents: the SDK pointed at it by PORTAL_STRIPE_API_URL; stripe-stand-in.ts,
// shared with the browser end-to-end run), with webhook
// payloads signed the way Stripe signs them (stripe.webhooks.generateTestHeaderString): a card
// purchase is paid only by its signed webhook, a webhook replayed 100 times creates one payment,
// events about the same payment in any order pay once, a renewal is charged off-session with the
// saved card, and an unreachable Stripe withdraws the purchase (502).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endCycle } from '../src/billing/jobs.ts';
import { invoices, paymentTransactions, subscriptions, tenants } from '../src/kernel/db/schema.ts';
import { upsertSettings } from '../src/settings/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_portal';
let clock = new Date('2026-05-10T09:00:00Z');
const at = () => clock;

let stripe: StripeStandIn;

let server: TestServer;
let acmeBilling: TestSession;
let planId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  process.env.PORTAL_STRIPE_API_URL = stripe.url;
  server = await startTestServer({ clock: at });
  await server.database.withPlatform((tx) =>
    upsertSettings(tx, 'payment', { provider: 'stripe', publishableKey: 'pk_test_portal', secretKey: server.app.secrets.seal('sk_test_portal'), webhookSecret: server.app.secrets.seal(WEBHOOK_SECRET) }, null),
  );
  const superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeBilling = await server.login('acme', userEmail('acme', 'accountadmin'));
  const product = await server.request('system', 'POST', '/products', { session: superadmin, body: { name: 'Meetings' } });
  const plan = await server.request('system', 'POST', '/plans', { session: superadmin, body: { name: 'Business', productId: product.body.id, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'EUR', billingCycle: 'monthly', amount: 990 }] } });
  planId = plan.body.id;
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
  delete process.env.PORTAL_STRIPE_API_URL;
});

const signed = (event: Record<string, unknown>, secret?: string) => stripe.signed(event, secret);

const deliver = ({ payload, header }: { payload: string; header: string }) =>
  server.request('system', 'POST', '/billing/stripe/events', { rawBody: payload, contentType: 'application/json; charset=utf-8', headers: { 'stripe-signature': header } });

const event = (id: string, type: string, object: Record<string, unknown>) => ({ id, object: 'event', type, api_version: '2025-01-27', created: 1_780_000_000, livemode: false, data: { object } });

let invoiceId: string;
let subscriptionId: string;

describe('card purchase through Stripe', () => {
  it('sends the browser to Stripe Checkout with the server total; the subscription stays pending', async () => {
    const res = await server.request('acme', 'POST', '/billing/purchases', { session: acmeBilling, body: { planId, licenses: 3, billingCycle: 'monthly', currency: 'EUR', provider: 'stripe' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.redirectUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(res.body.subscription.status).toBe('pending');
    invoiceId = res.body.invoice.id;
    subscriptionId = res.body.subscription.id;
    const checkout = stripe.seen.find((call) => call.path === '/v1/checkout/sessions')!;
    expect(checkout.auth).toBe('Bearer sk_test_portal');
    expect(checkout.idempotencyKey).toBe(`checkout-${invoiceId}`);
    expect(Object.fromEntries(checkout.form)).toMatchObject({ mode: 'payment', customer: 'cus_acme', client_reference_id: invoiceId, 'line_items[0][price_data][currency]': 'eur', 'line_items[0][price_data][unit_amount]': '2970', 'metadata[invoiceId]': invoiceId, 'payment_intent_data[setup_future_usage]': 'off_session' });
    const [tenant] = await server.database.withPlatform((tx) => tx.select({ customer: tenants.paymentCustomerId }).from(tenants).where(eq(tenants.id, server.ids.tenants.acme)));
    expect(tenant!.customer).toBe('cus_acme');
  });

  it('pays an invoice still open again through Stripe Checkout (payInvoice), for the same invoice and total', async () => {
    const before = stripe.seen.filter((call) => call.path === '/v1/checkout/sessions').length;
    const res = await server.request('acme', 'POST', `/billing/invoices/${invoiceId}/payment`, { session: acmeBilling });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.redirectUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(res.body.invoice).toMatchObject({ id: invoiceId, status: 'open', provider: 'stripe' });
    const sessions = stripe.seen.filter((call) => call.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(before + 1);
    expect(Object.fromEntries(sessions.at(-1)!.form)).toMatchObject({ client_reference_id: invoiceId, 'line_items[0][price_data][unit_amount]': '2970', 'metadata[invoiceId]': invoiceId });
  });

  it('refuses a webhook that is not signed with the saved secret', async () => {
    const forged = signed(event('evt_forged', 'checkout.session.completed', { id: 'cs_x', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_1', amount_total: 2970, metadata: { invoiceId } }), 'whsec_other');
    const res = await deliver(forged);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_signature']);
    const tampered = signed(event('evt_t', 'checkout.session.completed', {}));
    expect((await deliver({ payload: tampered.payload.replace('evt_t', 'evt_u'), header: tampered.header })).status).toBe(400);
    expect((await server.request('system', 'POST', '/billing/stripe/events', { body: {} })).status).toBe(400);
  });

  it('a webhook replayed 100 times creates one payment and activates the subscription once', async () => {
    const completed = signed(event('evt_completed', 'checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_purchase', amount_total: 2970, client_reference_id: invoiceId, metadata: { invoiceId } }));
    const outcomes: string[] = [];
    for (let n = 0; n < 100; n++) outcomes.push((await deliver(completed)).body.outcome);
    expect(outcomes[0]).toBe('paid');
    expect(new Set(outcomes.slice(1))).toEqual(new Set(['duplicate']));
    const payments = await server.database.withPlatform((tx) => tx.select().from(paymentTransactions).where(eq(paymentTransactions.invoiceId, invoiceId)));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ reference: 'pi_purchase', mode: 'card', amount: 2970, status: 'succeeded' });
    const [sub] = await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(sub).toMatchObject({ status: 'active', currentPeriodStart: clock });
  });

  it('events about the same payment in another order, and a late failure, change nothing twice', async () => {
    const succeeded = signed(event('evt_pi_succeeded', 'payment_intent.succeeded', { id: 'pi_purchase', object: 'payment_intent', amount: 2970, amount_received: 2970, payment_method: 'pm_card_visa', metadata: { invoiceId } }));
    expect((await deliver(succeeded)).body.outcome).toBe('already_paid');
    const failed = signed(event('evt_pi_failed', 'payment_intent.payment_failed', { id: 'pi_purchase', object: 'payment_intent', amount: 2970, last_payment_error: { message: 'Your card was declined.' }, metadata: { invoiceId } }));
    expect((await deliver(failed)).body.outcome).toBe('failed_recorded');
    expect((await deliver(failed)).body.outcome).toBe('duplicate');
    const [sub] = await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    expect(sub).toMatchObject({ status: 'active', paymentMethodRef: 'pm_card_visa' });
    const succeededPayments = await server.database.withPlatform((tx) => tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.invoiceId, invoiceId), eq(paymentTransactions.status, 'succeeded'))));
    expect(succeededPayments).toHaveLength(1);
  });

  it('charges the renewal off-session with the saved card; its webhook pays the renewal invoice', async () => {
    const [sub] = await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
    clock = sub!.currentPeriodEnd!;
    await endCycle(server.app, { tenantId: server.ids.tenants.acme, subscriptionId, periodEnd: sub!.currentPeriodEnd!.toISOString() }, clock);
    const charge = stripe.seen.find((call) => call.path === '/v1/payment_intents')!;
    expect(Object.fromEntries(charge.form)).toMatchObject({ amount: '2970', currency: 'eur', customer: 'cus_acme', payment_method: 'pm_card_visa', off_session: 'true', confirm: 'true' });
    const [renewal] = await server.database.withPlatform((tx) => tx.select().from(invoices).where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.purpose, 'renewal'))));
    expect(renewal).toMatchObject({ status: 'open', providerReference: 'pi_renewal_1' });
    const paid = signed(event('evt_renewal', 'payment_intent.succeeded', { id: 'pi_renewal_1', object: 'payment_intent', amount: 2970, amount_received: 2970, payment_method: 'pm_card_visa', metadata: { invoiceId: renewal!.id } }));
    expect((await deliver(paid)).body.outcome).toBe('paid');
  });

  it('withdraws the purchase when Stripe cannot be reached (502)', async () => {
    const saved = process.env.PORTAL_STRIPE_API_URL;
    process.env.PORTAL_STRIPE_API_URL = 'http://127.0.0.1:9';
    try {
      const res = await server.request('acme', 'POST', '/billing/purchases', { session: acmeBilling, body: { planId, licenses: 1, billingCycle: 'monthly', currency: 'EUR', provider: 'stripe' } });
      expect([res.status, res.body.code]).toEqual([502, 'payment_provider_unreachable']);
      const pending = await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.status, 'pending')));
      expect(pending).toHaveLength(0);
    } finally {
      process.env.PORTAL_STRIPE_API_URL = saved;
    }
  });
});
