// The billing engine over real HTTP (issue 13 §2-§6): a purchase is priced by the server and stays
// pending until its invoice is paid (manuelPay by the platform super administrator); invoices are
// numbered without gaps and their PDFs are the same bytes at every download; changes are prorated
// to the second and shown first; cancelling ends at the cycle end; the job queue renews, ends and
// expires on a moved clock, once even with two queues at once. Every call: success, 403 for the
// wrong role, 404 for another tenant's object, 400 for bad input.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, mailOutbox, subscriptions, tenants } from '../src/kernel/db/schema.ts';
import { createJobQueue } from '../src/kernel/jobs/index.ts';
import { endCycle, expireInvoice, registerBillingJobs, remindInvoice, sweepBilling } from '../src/billing/jobs.ts';
import { tenantPlanLimits } from '../src/billing/limits.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { solidPng } from './image-bytes.ts';

let clock = new Date('2026-01-31T10:00:00Z');
const at = () => clock;
const advanceTo = (iso: string) => {
  clock = new Date(iso);
};

let server: TestServer;
let superadmin: TestSession;
let acmeBilling: TestSession;
let acmeMember: TestSession;
let globexAdmin: TestSession;
let planId: string;
let smallPlanId: string;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

beforeAll(async () => {
  server = await startTestServer({ clock: at });
  registerBillingJobsOnce();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeBilling = await server.login('acme', userEmail('acme', 'accountadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  const product = await server.request('system', 'POST', '/products', { session: superadmin, body: { name: 'Meetings' } });
  expect(product.status).toBe(201);
  const plan = await server.request('system', 'POST', '/plans', {
    session: superadmin,
    body: { name: 'Business', productId: product.body.id, minUsers: 1, maxUsers: 500, published: true, limits: [{ kind: 'meeting_minutes', value: 5_000, unit: 'Minutes' }], prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }, { currency: 'USD', billingCycle: 'yearly', amount: 12_000 }, { currency: 'JPY', billingCycle: 'monthly', amount: 1_500 }] },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  planId = plan.body.id;
  const small = await server.request('system', 'POST', '/plans', { session: superadmin, body: { name: 'Starter', productId: product.body.id, minUsers: 1, maxUsers: 10, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }] } });
  expect(small.status).toBe(201);
  smallPlanId = small.body.id;
});

afterAll(async () => {
  await server?.close();
});

/** src/app/job-handlers.ts registers them in the server; a second registration is refused. */
function registerBillingJobsOnce(): void {
  try {
    registerBillingJobs(server.app);
  } catch {
    // Already registered.
  }
}

const acme = (method: string, path: string, body?: unknown, session = acmeBilling) => server.request('acme', method, path, { session, ...(body === undefined ? {} : { body }) });
const platform = (method: string, path: string, body?: unknown) => server.request('system', method, path, { session: superadmin, ...(body === undefined ? {} : { body }) });
const fieldCodes = (body: { errors?: { field: string; code: string }[] }) => Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.code]));
const subscriptionRow = async (id: string) => (await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0]!;
const acmeId = () => server.ids.tenants.acme;
const seatLimit = async () => (await server.database.withPlatform((tx) => tx.select({ maxUsers: tenants.maxUsers }).from(tenants).where(eq(tenants.id, acmeId()))))[0]!.maxUsers;

let subscriptionId: string;

/** The tenant pays its renewals by bank transfer, as the platform super administrator records. */
async function payOpenInvoices(id: string) {
  const open = await server.database.withPlatform((tx) => tx.select().from(invoices).where(and(eq(invoices.subscriptionId, id), eq(invoices.status, 'open'))));
  for (const invoice of open) expect((await platform('POST', `/billing/invoices/${invoice.id}/manual-payment`, {})).status).toBe(200);
}
let invoiceId: string;
let firstNumber: number;

describe('validatePurchaseRequest', () => {
  it('answers the server total of a purchase', async () => {
    const res = await acme('POST', '/billing/purchase-quote', { planId, licenses: 10, billingCycle: 'monthly', currency: 'USD' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: 'Business', product: 'Meetings', unitAmount: 1_200, subtotal: 12_000, tax: 0, total: 12_000, periodStart: '2026-01-31T10:00:00.000Z', periodEnd: '2026-02-28T10:00:00.000Z' });
    const yen = await acme('POST', '/billing/purchase-quote', { planId, licenses: 3, billingCycle: 'monthly', currency: 'JPY' });
    expect(yen.body.total).toBe(4_500);
  });

  it('refuses bad input (400), the wrong role (403), an unknown plan (404) and a missing price (409)', async () => {
    const bad = await acme('POST', '/billing/purchase-quote', { planId, licenses: 501, billingCycle: 'monthly', currency: 'usd' });
    expect(bad.status).toBe(400);
    expect(fieldCodes(bad.body)).toMatchObject({ licenses: 'invalid_licenses', currency: 'invalid_currency' });
    const tooMany = await acme('POST', '/billing/purchase-quote', { planId: smallPlanId, licenses: 11, billingCycle: 'monthly', currency: 'USD' });
    expect(tooMany.status).toBe(400);
    expect(fieldCodes(tooMany.body)).toEqual({ licenses: 'invalid_licenses' });
    expect((await acme('POST', '/billing/purchase-quote', { planId, licenses: 1, billingCycle: 'monthly', currency: 'USD' }, acmeMember)).status).toBe(403);
    expect((await acme('POST', '/billing/purchase-quote', { planId: unknownId, licenses: 1, billingCycle: 'monthly', currency: 'USD' })).status).toBe(404);
    const euro = await acme('POST', '/billing/purchase-quote', { planId, licenses: 1, billingCycle: 'monthly', currency: 'EUR' });
    expect([euro.status, euro.body.code]).toEqual([409, 'price_unavailable']);
  });
});

describe('purchasePlan and manuelPay', () => {
  it('creates a pending subscription with an open invoice; nothing is active before the payment', async () => {
    const limitBefore = await seatLimit();
    const res = await acme('POST', '/billing/purchases', { planId, licenses: 10, billingCycle: 'monthly', currency: 'USD', provider: 'manual' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.redirectUrl).toBeNull();
    expect(res.body.subscription).toMatchObject({ status: 'pending', licenses: 10, plan: 'Business', product: 'Meetings', planId, currentPeriodEnd: null });
    expect(res.body.invoice).toMatchObject({ status: 'open', total: 12_000, currency: 'USD', purpose: 'purchase', tenantName: expect.any(String) });
    expect(res.body.invoice.number).toMatch(/^INV-\d{6}$/);
    subscriptionId = res.body.subscription.id;
    invoiceId = res.body.invoice.id;
    firstNumber = Number(res.body.invoice.number.slice(4));
    expect(res.body.subscription.openInvoiceId).toBe(invoiceId);
    expect(await seatLimit()).toBe(limitBefore);
    const pending = await acme('GET', '/billing/subscriptions?state=pending');
    expect(pending.body.items.map((s: { id: string }) => s.id)).toContain(subscriptionId);
    const current = await acme('GET', '/billing/subscriptions?state=current');
    expect(current.body.items.map((s: { id: string }) => s.id)).not.toContain(subscriptionId);
    const [entry] = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entityId, subscriptionId), eq(auditLog.action, 'create'))));
    expect(entry).toMatchObject({ entity: 'subscription' });
  });

  it('refuses the wrong role (403) and Stripe when it is not configured (409)', async () => {
    expect((await acme('POST', '/billing/purchases', { planId, licenses: 1, billingCycle: 'monthly', currency: 'USD' }, acmeMember)).status).toBe(403);
    const card = await acme('POST', '/billing/purchases', { planId, licenses: 1, billingCycle: 'monthly', currency: 'USD', provider: 'stripe' });
    expect([card.status, card.body.code]).toEqual([409, 'payment_unavailable']);
  });

  it('lets only the platform super administrator record the bank transfer, once; then the subscription is active and its licences are the seat limit', async () => {
    expect((await acme('POST', `/billing/invoices/${invoiceId}/manual-payment`, {})).status).toBe(403);
    expect((await platform('POST', `/billing/invoices/${unknownId}/manual-payment`, {})).status).toBe(404);
    expect((await platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: 'has space' })).status).toBe(400);
    clock = new Date('2026-01-31T12:00:00Z');
    const paid = await platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: 'BT-2026-0001' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidAt: '2026-01-31T12:00:00.000Z' });
    const again = await platform('POST', `/billing/invoices/${invoiceId}/manual-payment`, { reference: 'BT-2026-0002' });
    expect([again.status, again.body.code]).toEqual([409, 'invoice_not_open']);
    const sub = await subscriptionRow(subscriptionId);
    // The cycle starts at the payment, anchored on the 31st.
    expect(sub).toMatchObject({ status: 'active', currentPeriodStart: new Date('2026-01-31T12:00:00Z'), currentPeriodEnd: new Date('2026-02-28T12:00:00Z') });
    expect(await seatLimit()).toBeGreaterThanOrEqual(10);
    // Its limits are readable by the meetings side; a pending plan's are not counted.
    expect((await server.database.withTenant(acmeId(), (tx) => tenantPlanLimits(tx, acmeId())))).toMatchObject({ meeting_minutes: { value: 5_000, unit: 'Minutes' } });
    const payments = await acme('GET', '/billing/payments');
    expect(payments.body.items[0]).toMatchObject({ reference: 'BT-2026-0001', mode: 'bank_transfer', amount: 12_000, status: 'succeeded' });
  });
});

describe('invoices', () => {
  it('downloads the same PDF bytes every time, and the receipt once paid', async () => {
    const first = await acme('GET', `/billing/invoices/${invoiceId}/pdf`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const second = await acme('GET', `/billing/invoices/${invoiceId}/pdf`);
    expect(first.text.startsWith('%PDF-')).toBe(true);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(second.text).toBe(first.text);
    expect((await acme('GET', `/billing/invoices/${invoiceId}/receipt`)).status).toBe(200);
    // The platform super administrator reads any tenant's; another tenant gets 404; a member 403.
    expect((await platform('GET', `/billing/invoices/${invoiceId}/pdf`)).status).toBe(200);
    expect((await server.request('globex', 'GET', `/billing/invoices/${invoiceId}/pdf`, { session: globexAdmin })).status).toBe(404);
    expect((await acme('GET', `/billing/invoices/${invoiceId}/pdf`, undefined, acmeMember)).status).toBe(403);
  });

  it('lists invoice history by date with the spec range check, searched by number', async () => {
    const list = await acme('GET', '/billing/invoices?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(invoiceId);
    const none = await acme('GET', '/billing/invoices?from=2026-03-01T00:00:00Z');
    expect(none.body.items).toEqual([]);
    const backwards = await acme('GET', '/billing/invoices?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(backwards.status).toBe(400);
    expect(fieldCodes(backwards.body)).toEqual({ to: 'invalid_date_range' });
    const search = await acme('GET', `/billing/invoices?q=${String(firstNumber).padStart(6, '0')}`);
    expect(search.body.items).toHaveLength(1);
    expect((await server.request('globex', 'GET', `/billing/invoices?tenantId=${acmeId()}`, { session: globexAdmin })).status).toBe(404);
    const all = await platform('GET', '/billing/invoices');
    expect(all.body.items.map((i: { id: string }) => i.id)).toContain(invoiceId);
  });
});

describe('changes', () => {
  it('shows more licences mid-cycle prorated to the second, and applies them when paid', async () => {
    // 14 of 28 days left: half of 10 more licences at $12.
    advanceTo('2026-02-14T12:00:00Z');
    const quote = await acme('POST', `/billing/subscriptions/${subscriptionId}/change-quote`, { licenses: 20 });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({ immediate: true, remainingSeconds: 14 * 86_400, periodSeconds: 28 * 86_400, credit: 6_000, charge: 12_000, net: 6_000, total: 6_000, nextInvoiceAmount: 24_000 });
    const edit = await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, { licenses: 20 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.invoice).toMatchObject({ purpose: 'change', total: 6_000, status: 'open' });
    expect(Number(edit.body.invoice.number.slice(4))).toBe(firstNumber + 1);
    expect(edit.body.subscription.licenses).toBe(10);
    await platform('POST', `/billing/invoices/${edit.body.invoice.id}/manual-payment`, {});
    expect((await subscriptionRow(subscriptionId)).licenses).toBe(20);
  });

  it('schedules fewer licences for the cycle end, with nothing charged now', async () => {
    const res = await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, { licenses: 15 });
    expect(res.status).toBe(200);
    expect(res.body.invoice).toBeNull();
    expect(res.body.subscription.pendingChanges).toEqual([{ id: expect.any(String), kind: 'licenses', licenses: 15, effectiveAt: '2026-02-28T12:00:00.000Z' }]);
    const pending = await acme('GET', '/billing/subscriptions?state=pending');
    expect(pending.body.items.map((s: { id: string }) => s.id)).toContain(subscriptionId);
  });

  it('a downgrade credit is kept, not paid out: the change invoice totals 0', async () => {
    const quote = await acme('POST', `/billing/subscriptions/${subscriptionId}/change-quote`, { planId: smallPlanId, licenses: 5 });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.total).toBe(0);
    expect(quote.body.creditBalance).toBeGreaterThan(0);
    expect(quote.body.net).toBeLessThan(0);
  });

  it('refuses bad input (400), the wrong role (403) and another tenant\'s subscription (404)', async () => {
    expect((await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, {})).status).toBe(400);
    expect((await acme('PATCH', `/billing/subscriptions/${subscriptionId}`, { licenses: 0 })).status).toBe(400);
    expect((await acme('POST', `/billing/subscriptions/${subscriptionId}/change`, { licenses: 20 }, acmeMember)).status).toBe(403);
    expect((await server.request('globex', 'POST', `/billing/subscriptions/${subscriptionId}/change`, { session: globexAdmin, body: { licenses: 20 } })).status).toBe(404);
    expect((await server.request('globex', 'POST', `/billing/subscriptions/${subscriptionId}/cancel`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('globex', 'DELETE', `/billing/subscriptions/${subscriptionId}`, { session: globexAdmin })).status).toBe(404);
  });

  it('deletes only a pending plan; its invoice is voided, its number kept', async () => {
    const paid = await acme('DELETE', `/billing/subscriptions/${subscriptionId}`);
    expect([paid.status, paid.body.code]).toEqual([409, 'subscription_paid']);
    const other = await acme('POST', '/billing/purchases', { planId: smallPlanId, licenses: 2, billingCycle: 'monthly', currency: 'USD' });
    expect((await acme('DELETE', `/billing/subscriptions/${other.body.subscription.id}`)).status).toBe(204);
    const [voided] = await server.database.withPlatform((tx) => tx.select().from(invoices).where(eq(invoices.id, other.body.invoice.id)));
    expect(voided).toMatchObject({ status: 'void', subscriptionId: null });
  });
});

describe('assignPlan and editAssignedPlan', () => {
  let assigned: string;
  it('lets the platform super administrator assign and edit a tenant plan', async () => {
    const res = await platform('POST', `/tenants/${server.ids.tenants.globex}/assigned-plans`, { planId, licenses: 4, billingCycle: 'yearly', currency: 'USD' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', licenses: 4, billingCycle: 'yearly', currentPeriodEnd: expect.any(String) });
    assigned = res.body.id;
    const edit = await platform('PATCH', `/tenants/${server.ids.tenants.globex}/assigned-plans/${assigned}`, { licenses: 6, autoRenewal: false });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ licenses: 6, autoRenewal: false, nextInvoiceDate: null });
    const detail = await platform('GET', `/tenants/${server.ids.tenants.globex}/subscriptions`);
    expect(detail.body.items[0]).toMatchObject({ product: 'Meetings', plan: 'Business', licenses: 6 });
  });

  it('refuses others (403), unknown tenants or subscriptions (404) and bad input (400)', async () => {
    expect((await acme('POST', `/tenants/${acmeId()}/assigned-plans`, { planId, licenses: 4, billingCycle: 'yearly', currency: 'USD' })).status).toBe(403);
    expect((await platform('POST', `/tenants/${unknownId}/assigned-plans`, { planId, licenses: 4, billingCycle: 'yearly', currency: 'USD' })).status).toBe(404);
    expect((await platform('PATCH', `/tenants/${acmeId()}/assigned-plans/${assigned}`, { licenses: 5 })).status).toBe(404);
    expect((await platform('POST', `/tenants/${acmeId()}/assigned-plans`, { planId, licenses: 'four', billingCycle: 'yearly', currency: 'USD' })).status).toBe(400);
  });
});

describe('cancelPlan and the cycle end', () => {
  it('renews at the cycle end with a new invoice and the scheduled licences, anchored on the 31st', async () => {
    advanceTo('2026-02-28T12:00:00Z');
    await server.app.jobs.runDue();
    await sweepBilling(server.app, clock);
    await server.app.jobs.runDue();
    const sub = await subscriptionRow(subscriptionId);
    expect(sub).toMatchObject({ status: 'active', licenses: 15, currentPeriodStart: new Date('2026-02-28T12:00:00Z'), currentPeriodEnd: new Date('2026-03-31T12:00:00Z') });
    const renewals = await server.database.withPlatform((tx) => tx.select().from(invoices).where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.purpose, 'renewal'))));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ total: 18_000, status: 'open' });
    await payOpenInvoices(subscriptionId);
  });

  it('runs a cycle end once, even when two queues run it at once or it is run again', async () => {
    const end = (await subscriptionRow(subscriptionId)).currentPeriodEnd!.toISOString();
    const job = { tenantId: acmeId(), subscriptionId, periodEnd: end };
    advanceTo('2026-03-31T12:00:00Z');
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const replicas = [0, 1].map(() => {
      const queue = createJobQueue({ database: server.database, log: quiet, clock: at });
      queue.register('billing.cycle-end', (j, { now }) => endCycle(server.app, j.payload as typeof job, now));
      queue.register('billing.sweep', () => sweepBilling(server.app, clock));
      return queue;
    });
    await server.database.withPlatform((tx) => replicas[0]!.enqueue(tx, { kind: 'billing.sweep' }));
    await server.database.withPlatform((tx) => replicas[1]!.enqueue(tx, { kind: 'billing.sweep' }));
    await Promise.all(replicas.map((queue) => queue.runDue()));
    await endCycle(server.app, job, clock);
    const renewals = await server.database.withPlatform((tx) => tx.select().from(invoices).where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.purpose, 'renewal'))));
    expect(renewals).toHaveLength(2);
    expect((await subscriptionRow(subscriptionId)).currentPeriodEnd).toEqual(new Date('2026-04-30T12:00:00Z'));
    await payOpenInvoices(subscriptionId);
  });

  it('cancels at the end of the billing cycle: active until then, cancelled after', async () => {
    expect((await acme('POST', `/billing/subscriptions/${subscriptionId}/cancel`, undefined, acmeMember)).status).toBe(403);
    const res = await acme('POST', `/billing/subscriptions/${subscriptionId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextInvoiceDate: null, currentPeriodEnd: '2026-04-30T12:00:00.000Z' });
    expect(res.body.pendingChanges).toContainEqual(expect.objectContaining({ kind: 'cancel', effectiveAt: '2026-04-30T12:00:00.000Z' }));
  });

  it("shows the super administrator's tenant detail a cancelled subscription as not renewing, as the tenant sees it", async () => {
    const own = (await acme('GET', '/billing/subscriptions?state=current')).body.items.find((s: { id: string }) => s.id === subscriptionId);
    expect(own).toMatchObject({ cancelAtPeriodEnd: true, nextInvoiceDate: null, nextInvoiceAmount: null });
    const detail = await platform('GET', `/tenants/${acmeId()}/subscriptions`);
    expect(detail.status).toBe(200);
    const row = detail.body.items.find((s: { id: string }) => s.id === subscriptionId);
    expect(row).toMatchObject({ status: 'active', autoRenewal: false, nextInvoiceDate: null, nextInvoiceAmount: null });
  });

  it('ends a cancelled subscription at the cycle end', async () => {
    advanceTo('2026-04-30T12:00:01Z');
    await sweepBilling(server.app, clock);
    await server.app.jobs.runDue();
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled', endedAt: new Date('2026-04-30T12:00:00Z') });
  });

  it('reminds before the due date and expires an unpaid purchase after it', async () => {
    const res = await acme('POST', '/billing/purchases', { planId: smallPlanId, licenses: 3, billingCycle: 'monthly', currency: 'USD' });
    const job = { tenantId: acmeId(), invoiceId: res.body.invoice.id };
    advanceTo(new Date(new Date(res.body.invoice.dueAt).getTime() - 86_400_000).toISOString());
    await remindInvoice(server.app, job, clock);
    const mails = await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.template, 'billing_reminder')));
    expect(mails.some((mail) => mail.subject.includes(res.body.invoice.number))).toBe(true);
    advanceTo(res.body.invoice.dueAt);
    await expireInvoice(server.app, job, clock);
    expect(await subscriptionRow(res.body.subscription.id)).toMatchObject({ status: 'expired' });
    const paying = await platform('POST', `/billing/invoices/${res.body.invoice.id}/manual-payment`, {});
    expect([paying.status, paying.body.code]).toEqual([409, 'invoice_not_open']);
  });

  it('numbers invoices without gaps', async () => {
    const rows = await server.database.withPlatform((tx) => tx.select({ number: invoices.number }).from(invoices));
    const numbers = rows.map((row) => Number(row.number.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, n) => numbers[0]! + n));
  });
});

describe("the tenant's logo on invoices", () => {
  const uploadLogo = (bytes: Buffer) => server.request('system', 'PUT', `/tenants/${acmeId()}/brand/images/logoDark`, { session: superadmin, rawBody: bytes, contentType: 'image/png' });

  it('prints the black logo the tenant had when the invoice was issued, the same bytes at every download, even after a new logo', async () => {
    expect((await uploadLogo(solidPng(90, 30, [10, 20, 200]))).status).toBe(200);
    const bought = await acme('POST', '/billing/purchases', { planId: smallPlanId, licenses: 2, billingCycle: 'monthly', currency: 'USD' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const path = `/billing/invoices/${bought.body.invoice.id}/pdf`;
    const first = await acme('GET', path);
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/\/Type \/XObject\s+\/Subtype \/Image/);
    expect((await acme('GET', path)).text).toBe(first.text);
    // Another logo later: this invoice keeps the one it was issued with.
    expect((await uploadLogo(solidPng(60, 60, [200, 20, 10]))).status).toBe(200);
    expect((await acme('GET', path)).text).toBe(first.text);
    expect((await platform('GET', path)).text).toBe(first.text);
    // An invoice issued before any logo still prints the name.
    expect((await acme('GET', `/billing/invoices/${invoiceId}/pdf`)).text).not.toContain('/Subtype /Image');
  });
});

describe('payInvoice (Current plans: pay)', () => {
  it("answers how to pay a change's open invoice: by bank transfer, quoting its number; refuses others, other tenants and paid invoices", async () => {
    const bought = await acme('POST', '/billing/purchases', { planId, licenses: 4, billingCycle: 'monthly', currency: 'USD', provider: 'manual' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    await payOpenInvoices(bought.body.subscription.id);
    const changed = await acme('POST', `/billing/subscriptions/${bought.body.subscription.id}/change`, { licenses: 8 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const open = changed.body.subscription.openInvoiceId;
    expect(open).toBe(changed.body.invoice.id);

    expect((await acme('POST', `/billing/invoices/${open}/payment`, undefined, acmeMember)).status).toBe(403);
    expect((await server.request('globex', 'POST', `/billing/invoices/${open}/payment`, { session: globexAdmin })).status).toBe(404);
    expect((await acme('POST', `/billing/invoices/${unknownId}/payment`)).status).toBe(404);
    const paying = await acme('POST', `/billing/invoices/${open}/payment`);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body).toMatchObject({ redirectUrl: null, invoice: { id: open, status: 'open', purpose: 'change', number: changed.body.invoice.number } });
    // Asking how to pay pays nothing.
    expect((await subscriptionRow(bought.body.subscription.id)).licenses).toBe(4);

    await payOpenInvoices(bought.body.subscription.id);
    const again = await acme('POST', `/billing/invoices/${open}/payment`);
    expect([again.status, again.body.code]).toEqual([409, 'invoice_not_open']);
  });
});
