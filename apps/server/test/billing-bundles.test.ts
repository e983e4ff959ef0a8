// Bundles and the upgrade of a pending plan over real HTTP (issue 13, the last points): a bundle is
// a plan of an is-bundle product linked to the plan bought; the server prices (plan + bundles) ×
// licences, refuses each bundle that may not be bought with the plan, keeps the bundles on the
// subscription, puts one invoice line per bundle (renewals too), adds their limits and cancels
// them with it. Upgrade replaces a pending purchase and its invoice, never leaving two open.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, subscriptions } from '../src/kernel/db/schema.ts';
import { registerBillingJobs, sweepBilling } from '../src/billing/jobs.ts';
import { tenantPlanLimits, type TenantLimits } from '../src/billing/limits.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let clock = new Date('2026-03-31T10:00:00Z');
const at = () => clock;

let server: TestServer;
let superadmin: TestSession;
let acmeBilling: TestSession;
let acmeMember: TestSession;
let globexAdmin: TestSession;
const ids: Record<string, string> = {};
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

const acme = (method: string, path: string, body?: unknown, session = acmeBilling) => server.request('acme', method, path, { session, ...(body === undefined ? {} : { body }) });
const platform = (method: string, path: string, body?: unknown) => server.request('system', method, path, { session: superadmin, ...(body === undefined ? {} : { body }) });
const fieldCodes = (body: { errors?: { field: string; code: string }[] }) => Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.code]));
const acmeId = () => server.ids.tenants.acme;
const limits = (): Promise<TenantLimits> => server.database.withTenant(acmeId(), (tx) => tenantPlanLimits(tx, acmeId()));
const invoicesOf = (subscriptionId: string) => server.database.withPlatform((tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)));
const subscriptionRow = async (id: string) => (await server.database.withPlatform((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0];

async function product(name: string, isBundle: boolean): Promise<string> {
  const res = await platform('POST', '/products', { name, isBundle });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function plan(name: string, productId: string, prices: [string, 'monthly' | 'yearly', number][], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await platform('POST', '/plans', { name, productId, minUsers: 1, maxUsers: 500, published: true, prices: prices.map(([currency, billingCycle, amount]) => ({ currency, billingCycle, amount })), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  server = await startTestServer({ clock: at });
  try {
    registerBillingJobs(server.app);
  } catch {
    // Already registered by the server.
  }
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeBilling = await server.login('acme', userEmail('acme', 'accountadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  const meetings = await product('Meetings', false);
  const webinars = await product('Webinars', false);
  const storage = await product('Storage', true);
  ids.storage = await plan('Cloud storage', storage, [['USD', 'monthly', 300], ['USD', 'yearly', 3_000]], { limits: [{ kind: 'storage_gb', value: 1_000, unit: 'Number' }] });
  ids.archive = await plan('Archive', storage, [['USD', 'monthly', 100]]);
  ids.draft = await plan('Draft pack', storage, [['USD', 'monthly', 100]], { published: false });
  ids.euroOnly = await plan('Minutes pack', storage, [['EUR', 'monthly', 100]]);
  ids.starter = await plan('Starter', meetings, [['USD', 'monthly', 500]]);
  ids.business = await plan('Business', meetings, [['USD', 'monthly', 1_200], ['USD', 'yearly', 12_000]], {
    limits: [{ kind: 'meeting_minutes', value: 5_000, unit: 'Minutes' }],
    linkedPlanIds: [ids.storage, ids.draft, ids.euroOnly, ids.starter],
  });
  ids.pro = await plan('Pro', meetings, [['USD', 'monthly', 2_000]], { linkedPlanIds: [ids.storage] });
  ids.webinar = await plan('Webinar', webinars, [['USD', 'monthly', 3_000]]);
});

afterAll(async () => {
  await server?.close();
});

const purchase = (bundlePlanIds: string[], licenses = 10) => ({ planId: ids.business, licenses, billingCycle: 'monthly', currency: 'USD', bundlePlanIds });

describe('bundles in validatePurchaseRequest', () => {
  it('prices (plan + bundles) × licences, one line per bundle', async () => {
    const res = await acme('POST', '/billing/purchase-quote', purchase([ids.storage!]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ unitAmount: 1_200, subtotal: 15_000, total: 15_000, bundles: [{ planId: ids.storage, product: 'Storage', plan: 'Cloud storage', unitAmount: 300 }] });
    expect(res.body.lines).toEqual([
      expect.objectContaining({ description: 'Meetings Business (monthly)', quantity: 10, unitAmount: 1_200, amount: 12_000 }),
      expect.objectContaining({ description: 'Storage Cloud storage (monthly)', quantity: 10, unitAmount: 300, amount: 3_000 }),
    ]);
    const none = await acme('POST', '/billing/purchase-quote', purchase([]));
    expect(none.body).toMatchObject({ total: 12_000, bundles: [] });
  });

  it('refuses (400, a field error per bundle) one not linked, not published, not a bundle, without the price, unknown or twice', async () => {
    const res = await acme('POST', '/billing/purchase-quote', purchase([ids.archive!, ids.draft!, ids.starter!, ids.euroOnly!, unknownId]));
    expect(res.status).toBe(400);
    expect(fieldCodes(res.body)).toEqual({ 'bundlePlanIds.0': 'invalid_bundle', 'bundlePlanIds.1': 'invalid_bundle', 'bundlePlanIds.2': 'invalid_bundle', 'bundlePlanIds.3': 'invalid_bundle', 'bundlePlanIds.4': 'invalid_bundle' });
    const messages = (res.body.errors as { message: string }[]).map((error) => error.message);
    expect(messages).toEqual(['This bundle is not offered with the plan.', 'This bundle is not on sale.', 'This plan is not a bundle.', 'This bundle has no monthly price in USD.', 'This bundle is not offered with the plan.']);
    const twice = await acme('POST', '/billing/purchase-quote', purchase([ids.storage!, ids.storage!]));
    expect(fieldCodes(twice.body)).toEqual({ 'bundlePlanIds.1': 'invalid_bundle' });
    // A yearly purchase takes the bundle's yearly price.
    const yearly = await acme('POST', '/billing/purchase-quote', { ...purchase([ids.storage!], 2), billingCycle: 'yearly' });
    expect(yearly.body.total).toBe(30_000);
    expect((await acme('POST', '/billing/purchase-quote', purchase(['not-a-uuid']))).status).toBe(400);
    expect((await acme('POST', '/billing/purchase-quote', purchase([ids.storage!]), acmeMember)).status).toBe(403);
    const bought = await acme('POST', '/billing/purchases', purchase([ids.archive!]));
    expect([bought.status, fieldCodes(bought.body)]).toEqual([400, { 'bundlePlanIds.0': 'invalid_bundle' }]);
  });
});

describe('a subscription with a bundle', () => {
  let subscriptionId: string;

  it('is bought with its bundle: one invoice line per bundle, shown in Pending plans', async () => {
    const res = await acme('POST', '/billing/purchases', purchase([ids.storage!]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    subscriptionId = res.body.subscription.id;
    expect(res.body.subscription).toMatchObject({ status: 'pending', bundles: [{ plan: 'Cloud storage', unitAmount: 300 }], nextInvoiceAmount: 15_000 });
    expect(res.body.invoice.total).toBe(15_000);
    expect(res.body.invoice.lines.map((line: { description: string }) => line.description)).toEqual(['Meetings Business (monthly)', 'Storage Cloud storage (monthly)']);
    const pending = await acme('GET', '/billing/subscriptions?state=pending');
    expect(pending.body.items.find((item: { id: string }) => item.id === subscriptionId)).toMatchObject({ bundles: [{ planId: ids.storage, product: 'Storage', plan: 'Cloud storage' }] });
    const pdf = await acme('GET', `/billing/invoices/${res.body.invoice.id}/pdf`);
    expect([pdf.status, pdf.text.startsWith('%PDF-')]).toEqual([200, true]);
  });

  it('adds its bundles\' limits once paid, and renews them at the cycle end', async () => {
    const before = await limits();
    const [open] = await invoicesOf(subscriptionId);
    expect((await platform('POST', `/billing/invoices/${open!.id}/manual-payment`, {})).status).toBe(200);
    const after = await limits();
    expect(after.storage_gb!.value - (before.storage_gb?.value ?? 0)).toBe(1_000);
    expect(after.meeting_minutes!.value - (before.meeting_minutes?.value ?? 0)).toBe(5_000);
    const current = await acme('GET', '/billing/subscriptions?state=current');
    expect(current.body.items.find((item: { id: string }) => item.id === subscriptionId)).toMatchObject({ status: 'active', nextInvoiceAmount: 15_000, bundles: [{ plan: 'Cloud storage' }] });
    clock = new Date('2026-04-30T10:00:01Z');
    await sweepBilling(server.app, clock);
    await server.app.jobs.runDue();
    const renewal = (await invoicesOf(subscriptionId)).find((invoice) => invoice.purpose === 'renewal');
    expect(renewal).toMatchObject({ status: 'open', total: 15_000 });
    expect(renewal!.lines.map((line) => [line.kind, line.description, line.amount])).toEqual([
      ['renewal', 'Meetings Business (monthly)', 12_000],
      ['renewal', 'Storage Cloud storage (monthly)', 3_000],
    ]);
    expect((await platform('POST', `/billing/invoices/${renewal!.id}/manual-payment`, {})).status).toBe(200);
  });

  it('changes with its bundles: dropping one is credited prorated, adding one is charged', async () => {
    const drop = await acme('POST', `/billing/subscriptions/${subscriptionId}/change-quote`, { bundlePlanIds: [] });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    expect(drop.body).toMatchObject({ immediate: true, nextInvoiceAmount: 12_000 });
    expect(drop.body.net).toBeLessThan(0);
    const bad = await acme('POST', `/billing/subscriptions/${subscriptionId}/change-quote`, { bundlePlanIds: [ids.archive] });
    expect(fieldCodes(bad.body)).toEqual({ 'bundlePlanIds.0': 'invalid_bundle' });
    // Moving to Pro keeps the bundle Pro offers too.
    const pro = await acme('POST', `/billing/subscriptions/${subscriptionId}/change-quote`, { planId: ids.pro });
    expect(pro.body.nextInvoiceAmount).toBe((2_000 + 300) * 10);
  });

  it('is cancelled with its bundles at the cycle end', async () => {
    expect((await server.request('globex', 'POST', `/billing/subscriptions/${subscriptionId}/cancel`, { session: globexAdmin })).status).toBe(404);
    expect((await acme('POST', `/billing/subscriptions/${subscriptionId}/cancel`)).status).toBe(200);
    const before = await limits();
    clock = new Date('2026-05-31T10:00:01Z');
    await sweepBilling(server.app, clock);
    await server.app.jobs.runDue();
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'cancelled' });
    expect((before.storage_gb?.value ?? 0) - ((await limits()).storage_gb?.value ?? 0)).toBe(1_000);
  });
});

describe('upgradePendingPlan', () => {
  let pendingId: string;
  let firstInvoice: string;

  it('replaces the pending purchase and voids its invoice: one open invoice with the new total', async () => {
    const res = await acme('POST', '/billing/purchases', purchase([ids.storage!], 5));
    expect(res.status).toBe(201);
    pendingId = res.body.subscription.id;
    firstInvoice = res.body.invoice.id;
    const up = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { planId: ids.pro, licenses: 6 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // The bundle Pro offers too is kept.
    expect(up.body.subscription).toMatchObject({ status: 'pending', plan: 'Pro', licenses: 6, bundles: [{ plan: 'Cloud storage' }], nextInvoiceAmount: 13_800 });
    expect(up.body.invoice).toMatchObject({ status: 'open', purpose: 'purchase', total: 13_800 });
    expect(up.body.subscription.openInvoiceId).toBe(up.body.invoice.id);
    const all = await invoicesOf(pendingId);
    expect(all.filter((invoice) => invoice.status === 'open').map((invoice) => invoice.id)).toEqual([up.body.invoice.id]);
    expect(all.find((invoice) => invoice.id === firstInvoice)).toMatchObject({ status: 'void' });
    // Paying the voided invoice records a transaction to refund (billing-review.test.ts) and leaves it void.
    expect((await platform('POST', `/billing/invoices/${firstInvoice}/manual-payment`, {})).body).toMatchObject({ id: firstInvoice, status: 'void' });
  });

  it('takes more licences or bundles on the same plan', async () => {
    const more = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 7, bundlePlanIds: [ids.storage] });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.invoice.total).toBe((2_000 + 300) * 7);
    expect((await invoicesOf(pendingId)).filter((invoice) => invoice.status === 'open')).toHaveLength(1);
  });

  it('refuses what is not an upgrade (400), bad input (400), the wrong role (403), another tenant (404) and an active plan (409)', async () => {
    const lower = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { planId: ids.starter });
    expect([lower.status, fieldCodes(lower.body)]).toEqual([400, { planId: 'not_an_upgrade' }]);
    const otherProduct = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { planId: ids.webinar });
    expect([otherProduct.status, fieldCodes(otherProduct.body)]).toEqual([400, { planId: 'not_an_upgrade' }]);
    const fewer = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 2 });
    expect([fewer.status, fieldCodes(fewer.body)]).toEqual([400, { licenses: 'not_an_upgrade' }]);
    const same = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 7 });
    expect([same.status, fieldCodes(same.body)]).toEqual([400, { planId: 'not_an_upgrade' }]);
    expect((await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, {})).status).toBe(400);
    expect((await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 501 })).status).toBe(400);
    expect((await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 9 }, acmeMember)).status).toBe(403);
    expect((await server.request('globex', 'POST', `/billing/subscriptions/${pendingId}/upgrade`, { session: globexAdmin, body: { licenses: 9 } })).status).toBe(404);
    expect((await acme('POST', `/billing/subscriptions/${unknownId}/upgrade`, { licenses: 9 })).status).toBe(404);
    // Nothing changed by the refusals.
    expect((await invoicesOf(pendingId)).filter((invoice) => invoice.status === 'open')).toHaveLength(1);
    const [open] = (await invoicesOf(pendingId)).filter((invoice) => invoice.status === 'open');
    expect((await platform('POST', `/billing/invoices/${open!.id}/manual-payment`, {})).status).toBe(200);
    expect(await subscriptionRow(pendingId)).toMatchObject({ status: 'active', plan: 'Pro', licenses: 7 });
    const active = await acme('POST', `/billing/subscriptions/${pendingId}/upgrade`, { licenses: 9 });
    expect([active.status, active.body.code]).toEqual([409, 'subscription_not_pending']);
    const audit = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entityId, pendingId), eq(auditLog.action, 'update'))));
    expect(audit.some((entry) => JSON.stringify(entry.after).includes('voided'))).toBe(true);
  });
});
