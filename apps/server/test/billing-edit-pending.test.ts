// Edit Plan of a pending plan over real HTTP (issue 13, the last point): editPurchasedPlan on a
// purchase not paid yet changes its licences (within the plan's users), bundles (the plan's linked
// bundle plans) and auto renewal; new licences or bundles replace the purchase as an upgrade does
// (its open invoice voided, one issued with the new total, nothing prorated), so one subscription
// never has two open invoices. An active plan keeps editing as before.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const clock = new Date('2026-03-31T10:00:00Z');

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
const invoicesOf = (subscriptionId: string) => server.database.withPlatform((tx) => tx.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)));
const openOf = async (subscriptionId: string) => (await invoicesOf(subscriptionId)).filter((invoice) => invoice.status === 'open');

async function product(name: string, isBundle: boolean): Promise<string> {
  const res = await platform('POST', '/products', { name, isBundle });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function plan(name: string, productId: string, amount: number, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await platform('POST', '/plans', { name, productId, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount }], ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => clock });
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeBilling = await server.login('acme', userEmail('acme', 'accountadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  const meetings = await product('Meetings', false);
  const storage = await product('Storage', true);
  ids.storage = await plan('Cloud storage', storage, 300);
  ids.archive = await plan('Archive', storage, 100);
  ids.unlinked = await plan('Minutes pack', storage, 100);
  ids.business = await plan('Business', meetings, 1_200, { minUsers: 2, maxUsers: 50, linkedPlanIds: [ids.storage, ids.archive] });
});

afterAll(async () => {
  await server?.close();
});

describe('editPurchasedPlan on a pending plan', () => {
  let pendingId: string;
  let firstInvoice: string;
  const edit = (body: unknown, session = acmeBilling) => acme('PATCH', `/billing/subscriptions/${pendingId}`, body, session);

  it('changes licences and bundles: the open invoice is voided and one is issued with the new total', async () => {
    const res = await acme('POST', '/billing/purchases', { planId: ids.business, licenses: 5, billingCycle: 'monthly', currency: 'USD', bundlePlanIds: [ids.storage] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    pendingId = res.body.subscription.id;
    firstInvoice = res.body.invoice.id;
    const edited = await edit({ licenses: 3, bundlePlanIds: [ids.archive] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.subscription).toMatchObject({ status: 'pending', plan: 'Business', licenses: 3, bundles: [{ plan: 'Archive' }], nextInvoiceAmount: (1_200 + 100) * 3 });
    // Nothing was paid: the whole first cycle, not a prorated change.
    expect(edited.body.invoice).toMatchObject({ status: 'open', purpose: 'purchase', total: (1_200 + 100) * 3 });
    expect(edited.body.subscription.openInvoiceId).toBe(edited.body.invoice.id);
    expect((await openOf(pendingId)).map((invoice) => invoice.id)).toEqual([edited.body.invoice.id]);
    expect((await invoicesOf(pendingId)).find((invoice) => invoice.id === firstInvoice)).toMatchObject({ status: 'void' });
    const audit = await server.database.withPlatform((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entityId, pendingId), eq(auditLog.action, 'update'))));
    expect(audit.some((entry) => JSON.stringify(entry.after).includes('voided'))).toBe(true);
  });

  it('changes auto renewal alone without a new invoice, and an empty bundle list removes the bundles', async () => {
    const [open] = await openOf(pendingId);
    const renewal = await edit({ autoRenewal: false });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(200);
    expect(renewal.body).toMatchObject({ subscription: { autoRenewal: false, licenses: 3 }, invoice: null });
    expect((await openOf(pendingId)).map((invoice) => invoice.id)).toEqual([open!.id]);
    const bare = await edit({ bundlePlanIds: [], autoRenewal: true });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body.subscription).toMatchObject({ autoRenewal: true, bundles: [], licenses: 3 });
    expect(bare.body.invoice.total).toBe(1_200 * 3);
    expect(await openOf(pendingId)).toHaveLength(1);
  });

  it('refuses bad licences or bundles (400), the wrong role (403) and another tenant (404), changing nothing', async () => {
    const [open] = await openOf(pendingId);
    const few = await edit({ licenses: 1 });
    expect([few.status, fieldCodes(few.body)]).toEqual([400, { licenses: 'invalid_licenses' }]);
    const many = await edit({ licenses: 51 });
    expect([many.status, fieldCodes(many.body)]).toEqual([400, { licenses: 'invalid_licenses' }]);
    expect((await edit({ licenses: 501 })).status).toBe(400);
    expect((await edit({ licenses: 0 })).status).toBe(400);
    expect((await edit({})).status).toBe(400);
    const unlinked = await edit({ bundlePlanIds: [ids.unlinked] });
    expect([unlinked.status, fieldCodes(unlinked.body)]).toEqual([400, { 'bundlePlanIds.0': 'invalid_bundle' }]);
    expect((await edit({ licenses: 4 }, acmeMember)).status).toBe(403);
    expect((await server.request('globex', 'PATCH', `/billing/subscriptions/${pendingId}`, { session: globexAdmin, body: { licenses: 4 } })).status).toBe(404);
    expect((await acme('PATCH', `/billing/subscriptions/${unknownId}`, { licenses: 4 })).status).toBe(404);
    expect((await openOf(pendingId)).map((invoice) => invoice.id)).toEqual([open!.id]);
  });

  it('leaves an active plan as before: more licences are a prorated change, its bundles change with changePlan', async () => {
    const [open] = await openOf(pendingId);
    expect((await platform('POST', `/billing/invoices/${open!.id}/manual-payment`, {})).status).toBe(200);
    const bundles = await edit({ bundlePlanIds: [ids.storage] });
    expect([bundles.status, fieldCodes(bundles.body)]).toEqual([400, { bundlePlanIds: 'bundles_need_change_plan' }]);
    const more = await edit({ licenses: 4 });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.invoice).toMatchObject({ purpose: 'change', status: 'open' });
    expect(more.body.subscription).toMatchObject({ status: 'active', licenses: 3 });
  });
});
