// The tenant detail's Subscriptions and Transactions over real HTTP: read from the tenant's own
// rows, newest first and cursor-paged; the tenant's administrators see their own tenant, the
// platform super administrator any tenant; a member, another tenant and a made-up cursor never
// get rows; the records go with a deleted tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, subscriptions } from '../src/kernel/db/schema.ts';
import type { TestServer, TestSession } from './harness.ts';
import { startTenantAdminServer } from './tenant-admin.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeId: string;
let globexId: string;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.UTC(2026, 10, 1) - days * DAY);

async function addTransactions(tenantId: string, count: number, prefix: string) {
  await server.database.withTenant(tenantId, (tx) =>
    tx.insert(paymentTransactions).values(
      Array.from({ length: count }, (_, n) => ({
        tenantId,
        reference: `${prefix}-${n}`,
        mode: n % 2 === 0 ? ('card' as const) : ('bank_transfer' as const),
        amount: 1000 + n,
        currency: 'EUR',
        status: n === 1 ? ('failed' as const) : ('succeeded' as const),
        remarks: n === 1 ? 'Card declined' : null,
        createdAt: daysAgo(n),
      })),
    ),
  );
}

beforeAll(async () => {
  ({ server, acmeId, globexId, superadmin, acmeAdmin, acmeMember } = await startTenantAdminServer());
  await addTransactions(acmeId, 30, 'acme');
  await addTransactions(globexId, 3, 'globex');
  // Two rows at the same instant: the id orders them, and paging must neither skip nor repeat one.
  const same = new Date(Date.UTC(2025, 0, 1));
  await server.database.withTenant(acmeId, (tx) =>
    tx.insert(paymentTransactions).values([
      { tenantId: acmeId, reference: 'tie-a', mode: 'manual', amount: 1, currency: 'EUR', status: 'refunded', remarks: null, createdAt: same },
      { tenantId: acmeId, reference: 'tie-b', mode: 'manual', amount: 2, currency: 'EUR', status: 'pending', remarks: null, createdAt: same },
    ]),
  );
  await server.database.withTenant(acmeId, (tx) =>
    tx.insert(subscriptions).values([
      { tenantId: acmeId, product: 'meeting', plan: 'Business', licenses: 50, billingCycle: 'monthly', status: 'active', autoRenewal: true, effectiveDate: daysAgo(60), nextInvoiceDate: daysAgo(-30), nextInvoiceAmount: 60000, currency: 'USD', createdAt: daysAgo(60) },
      { tenantId: acmeId, product: 'webinar', plan: 'Webinar 500', licenses: 5, billingCycle: 'yearly', status: 'cancelled', autoRenewal: false, effectiveDate: daysAgo(400), nextInvoiceDate: null, nextInvoiceAmount: null, currency: 'USD', createdAt: daysAgo(400) },
    ]),
  );
});

afterAll(async () => {
  await server?.close();
});

const transactionsPath = (tenantId: string, query = '') => `/tenants/${tenantId}/transactions${query}`;
const subscriptionsPath = (tenantId: string, query = '') => `/tenants/${tenantId}/subscriptions${query}`;

describe('getTenantTransactions', () => {
  it('answers the tenant administrator its own transactions, newest first, with every field', async () => {
    const res = await server.request('acme', 'GET', transactionsPath(acmeId, '?limit=3'), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { reference: string }) => t.reference)).toEqual(['acme-0', 'acme-1', 'acme-2']);
    expect(res.body.items[1]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: 'acme-1',
      mode: 'bank_transfer',
      amount: 1001,
      currency: 'EUR',
      status: 'failed',
      remarks: 'Card declined',
      createdAt: daysAgo(1).toISOString(),
    });
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });

  it('walks every page once through the cursors, ties at one instant included', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await server.request('acme', 'GET', transactionsPath(acmeId, query), { session: acmeAdmin });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((t: { reference: string }) => t.reference));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
    expect(seen.slice(0, 30)).toEqual(Array.from({ length: 30 }, (_, n) => `acme-${n}`));
    expect(new Set(seen.slice(30))).toEqual(new Set(['tie-a', 'tie-b']));
  });

  it("answers the platform super administrator any tenant's transactions, and never another tenant's rows", async () => {
    const res = await server.request('system', 'GET', transactionsPath(globexId), { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { reference: string }) => t.reference)).toEqual(['globex-0', 'globex-1', 'globex-2']);
    expect(res.body.nextCursor).toBeNull();
  });

  it('answers 403 to a member, 404 for another or unknown tenant, 401 without a session, 400 for a bad id, cursor or limit', async () => {
    expect((await server.request('acme', 'GET', transactionsPath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', transactionsPath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('system', 'GET', transactionsPath(unknownId), { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', transactionsPath(acmeId))).status).toBe(401);
    const badId = await server.request('acme', 'GET', '/tenants/not-a-uuid/transactions', { session: acmeAdmin });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
    const badCursor = await server.request('acme', 'GET', transactionsPath(acmeId, '?cursor=bm90LWEtY3Vyc29y'), { session: acmeAdmin });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.errors[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
    // Well formed, but a day that does not exist: JavaScript would roll it over, the database refuses it.
    const impossible = Buffer.from(JSON.stringify(['2024-02-31T00:00:00.000000Z', unknownId])).toString('base64url');
    const impossibleDay = await server.request('acme', 'GET', transactionsPath(acmeId, `?cursor=${impossible}`), { session: acmeAdmin });
    expect(impossibleDay.status).toBe(400);
    expect(impossibleDay.body.errors[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
    expect((await server.request('acme', 'GET', transactionsPath(acmeId, '?limit=0'), { session: acmeAdmin })).status).toBe(400);
  });
});

describe('getTenantSubscriptions', () => {
  it('answers the tenant its subscriptions, newest first, with every field', async () => {
    const res = await server.request('acme', 'GET', subscriptionsPath(acmeId), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: expect.any(String),
          product: 'meeting',
          plan: 'Business',
          licenses: 50,
          billingCycle: 'monthly',
          status: 'active',
          autoRenewal: true,
          effectiveDate: daysAgo(60).toISOString(),
          nextInvoiceDate: daysAgo(-30).toISOString(),
          nextInvoiceAmount: 60000,
          currency: 'USD',
        },
        expect.objectContaining({ plan: 'Webinar 500', status: 'cancelled', autoRenewal: false, nextInvoiceDate: null, nextInvoiceAmount: null }),
      ],
      nextCursor: null,
    });
  });

  it('pages by cursor and answers an empty page for a tenant without subscriptions', async () => {
    const first = await server.request('acme', 'GET', subscriptionsPath(acmeId, '?limit=1'), { session: acmeAdmin });
    expect(first.body.items.map((s: { plan: string }) => s.plan)).toEqual(['Business']);
    const second = await server.request('acme', 'GET', subscriptionsPath(acmeId, `?limit=1&cursor=${first.body.nextCursor}`), { session: acmeAdmin });
    expect(second.body).toEqual({ items: [expect.objectContaining({ plan: 'Webinar 500' })], nextCursor: null });
    const globex = await server.request('system', 'GET', subscriptionsPath(globexId), { session: superadmin });
    expect(globex.body).toEqual({ items: [], nextCursor: null });
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session', async () => {
    expect((await server.request('acme', 'GET', subscriptionsPath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', subscriptionsPath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', subscriptionsPath(acmeId))).status).toBe(401);
  });
});

describe('a deleted tenant', () => {
  it('takes its subscriptions and transactions with it', async () => {
    const deleted = await server.request('system', 'DELETE', `/tenants/${globexId}`, { session: superadmin });
    expect(deleted.status).toBe(204);
    const left = await server.database.withPlatform(async (tx) => ({
      transactions: (await tx.select().from(paymentTransactions)).filter((t) => t.tenantId === globexId),
      subscriptions: (await tx.select().from(subscriptions)).filter((s) => s.tenantId === globexId),
    }));
    expect(left).toEqual({ transactions: [], subscriptions: [] });
  });
});
