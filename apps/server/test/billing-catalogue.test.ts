// The billing catalogue over real HTTP (spec 'Products' and 'Plans'): the platform super
// administrator creates, edits, disables and deletes products and plans (prices in integer minor
// units per currency and billing cycle, limits, links, roles), each change audited; nobody else
// writes them; the public plans page and the purchase read only what is on sale; a product with
// plans or a plan a subscription uses is refused deletion (409).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/billing/catalogue/demo-catalogue.ts';
import { auditLog, products, subscriptions } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let systemAdmin: TestSession;
let acmeTenantAdmin: TestSession;
let acmeMember: TestSession;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  systemAdmin = await server.login('system', userEmail('system', 'admin'));
  acmeTenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => server.request('system', method, path, { session: superadmin, ...(body === undefined ? {} : { body }) });

async function addProduct(name: string, extra: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/products', { name, description: `${name} description`, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

async function addPlan(name: string, productId: string, extra: Record<string, unknown> = {}) {
  const res = await asAdmin('POST', '/plans', { name, productId, minUsers: 1, maxUsers: 100, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

const fieldCodes = (body: { errors?: { field: string; code: string }[] }) => Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.code]));

describe('constants', () => {
  it('answers currencies with minor units, limit kinds with units and billing cycles, without a session', async () => {
    const currencies = await server.request('acme', 'GET', '/currencies');
    expect(currencies.status).toBe(200);
    expect(currencies.body.items).toContainEqual({ code: 'USD', minorUnits: 2 });
    expect(currencies.body.items).toContainEqual({ code: 'JPY', minorUnits: 0 });
    const limits = await server.request('acme', 'GET', '/plan-limits');
    expect(limits.status).toBe(200);
    expect(limits.body.items).toContainEqual({ kind: 'meeting_minutes', units: ['Minutes'] });
    expect(limits.body.items).toContainEqual({ kind: 'participants', units: ['Number'] });
    const cycles = await server.request('acme', 'GET', '/billing-cycles');
    expect(cycles.body.items).toEqual([
      { cycle: 'monthly', months: 1 },
      { cycle: 'yearly', months: 12 },
    ]);
  });
});

describe('products', () => {
  it('creates a product, audited in the same transaction', async () => {
    const res = await asAdmin('POST', '/products', { name: '  Meeting rooms ', description: 'Rooms', isBundle: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Meeting rooms', description: 'Rooms', isBundle: false, disabled: false, planCount: 0 });
    const entries = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', entity: 'product', actorLabel: userEmail('system', 'superadmin') });
  });

  it('refuses a name another product has, whatever its case (409 name_exists)', async () => {
    await addProduct('Duplicate me');
    const res = await asAdmin('POST', '/products', { name: 'DUPLICATE ME' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('name_exists');
  });

  it('answers 400 with the field codes for a blank name or a stray field', async () => {
    const blank = await asAdmin('POST', '/products', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(fieldCodes(blank.body)).toMatchObject({ name: 'invalid_product_name' });
    const stray = await asAdmin('POST', '/products', { name: 'Ok', price: 3 });
    expect(stray.status).toBe(400);
    expect(fieldCodes(stray.body)).toMatchObject({ price: 'invalid_value' });
  });

  it('is written by the super administrator only (403 for a tenant administrator and a platform admin)', async () => {
    for (const [tenant, session] of [
      ['acme', acmeTenantAdmin],
      ['system', systemAdmin],
    ] as const) {
      const created = await server.request(tenant, 'POST', '/products', { session, body: { name: 'Nope' } });
      expect(created.status).toBe(403);
      const listed = await server.request(tenant, 'GET', '/products', { session });
      expect(listed.status).toBe(403);
    }
    const product = await addProduct('Guarded');
    const edited = await server.request('acme', 'PATCH', `/products/${product.id}`, { session: acmeTenantAdmin, body: { name: 'Taken over' } });
    expect(edited.status).toBe(403);
    const deleted = await server.request('acme', 'DELETE', `/products/${product.id}`, { session: acmeTenantAdmin });
    expect(deleted.status).toBe(403);
    // Row-level security: a tenant's transaction may read the catalogue but never write it.
    await expect(server.database.withTenant(server.ids.tenants.acme, (tx) => tx.insert(products).values({ name: 'Smuggled' }))).rejects.toThrow();
    const read = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(products).where(eq(products.id, product.id)));
    expect(read).toHaveLength(1);
  });

  it('lists by name, searched in name and description, paged by cursor without skipping or repeating', async () => {
    for (const name of ['Paged A', 'paged b', 'Paged C', 'Paged D', 'Paged E']) await addProduct(name);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/products?q=paged&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await asAdmin('GET', query);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((item: { name: string }) => item.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Paged A', 'paged b', 'Paged C', 'Paged D', 'Paged E']);
    const byDescription = await asAdmin('GET', '/products?q=paged%20c%20desc');
    expect(byDescription.body.items.map((item: { name: string }) => item.name)).toEqual(['Paged C']);
    const badCursor = await asAdmin('GET', '/products?cursor=nonsense');
    expect(badCursor.status).toBe(400);
  });

  it('edits and disables a product; 404 for an unknown id, 400 for an empty change', async () => {
    const product = await addProduct('Editable');
    const res = await asAdmin('PATCH', `/products/${product.id}`, { name: 'Edited', isBundle: true, disabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Edited', isBundle: true, disabled: true });
    const fetched = await asAdmin('GET', `/products/${product.id}`);
    expect(fetched.body.name).toBe('Edited');
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, product.id)).orderBy(auditLog.createdAt));
    expect(entry).toBeDefined();
    expect((await asAdmin('PATCH', `/products/${unknownId}`, { name: 'x' })).status).toBe(404);
    expect((await asAdmin('GET', `/products/${unknownId}`)).status).toBe(404);
    expect((await asAdmin('PATCH', `/products/${product.id}`, {})).status).toBe(400);
  });

  it('deletes a product without plans, refuses one with plans (409 product_in_use)', async () => {
    const lone = await addProduct('Lone');
    expect((await asAdmin('DELETE', `/products/${lone.id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/products/${lone.id}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/products/${lone.id}`)).status).toBe(404);
    const used = await addProduct('With plans');
    await addPlan('Plan of used', used.id);
    const refused = await asAdmin('DELETE', `/products/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('product_in_use');
    const listed = await asAdmin('GET', '/products?q=with%20plans');
    expect(listed.body.items[0].planCount).toBe(1);
  });
});

describe('plans', () => {
  let productId: string;

  beforeAll(async () => {
    productId = (await addProduct('Plan product')).id;
  });

  it('creates a plan with prices in minor units, limits in order, linked plans and roles', async () => {
    const storage = await addPlan('Storage add-on', productId);
    const res = await asAdmin('POST', '/plans', {
      name: 'Team',
      description: 'For teams',
      productId,
      minUsers: 2,
      maxUsers: 50,
      published: true,
      prices: [
        { currency: 'USD', billingCycle: 'yearly', amount: 12_000 },
        { currency: 'USD', billingCycle: 'monthly', amount: 1_299 },
        { currency: 'EUR', billingCycle: 'monthly', amount: 1_199 },
      ],
      limits: [
        { kind: 'participants', value: 100, unit: 'Number' },
        { kind: 'meeting_minutes', value: 5_000, unit: 'Minutes' },
      ],
      linkedPlanIds: [storage.id],
      roles: ['member', 'admin'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Team',
      productId,
      productName: 'Plan product',
      minUsers: 2,
      maxUsers: 50,
      published: true,
      disabled: false,
      prices: [
        { currency: 'EUR', billingCycle: 'monthly', amount: 1_199 },
        { currency: 'USD', billingCycle: 'monthly', amount: 1_299 },
        { currency: 'USD', billingCycle: 'yearly', amount: 12_000 },
      ],
      limits: [
        { kind: 'participants', value: 100, unit: 'Number' },
        { kind: 'meeting_minutes', value: 5_000, unit: 'Minutes' },
      ],
      linkedPlans: [{ id: storage.id, name: 'Storage add-on' }],
      roles: ['admin', 'member'],
    });
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.id)));
    expect(entry).toMatchObject({ action: 'create', entity: 'plan' });
  });

  it('answers 400 with every field code the form shows', async () => {
    const users = await asAdmin('POST', '/plans', { name: 'Bad users', productId, minUsers: 0, maxUsers: 10_001 });
    expect(users.status).toBe(400);
    expect(fieldCodes(users.body)).toMatchObject({ minUsers: 'invalid_min_users', maxUsers: 'invalid_max_users' });
    const below = await asAdmin('POST', '/plans', { name: 'Below', productId, minUsers: 20, maxUsers: 10 });
    expect(fieldCodes(below.body)).toEqual({ maxUsers: 'invalid_max_users' });
    const float = await asAdmin('POST', '/plans', { name: 'Float', productId, minUsers: 1, maxUsers: 2, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 12.5 }] });
    expect(fieldCodes(float.body)).toEqual({ 'prices.0.amount': 'invalid_amount' });
    const rules = await asAdmin('POST', '/plans', {
      name: 'Rules',
      productId: unknownId,
      minUsers: 1,
      maxUsers: 2,
      prices: [
        { currency: 'XXX', billingCycle: 'monthly', amount: 1 },
        { currency: 'USD', billingCycle: 'monthly', amount: 1 },
        { currency: 'USD', billingCycle: 'monthly', amount: 2 },
      ],
      limits: [{ kind: 'meeting_minutes', value: 10, unit: 'Number' }],
      linkedPlanIds: [unknownId],
    });
    expect(rules.status).toBe(400);
    expect(fieldCodes(rules.body)).toEqual({
      productId: 'unknown_product',
      'prices.0.currency': 'unsupported_currency',
      'prices.2': 'duplicate_price',
      'limits.0.unit': 'invalid_limit_unit',
      'linkedPlanIds.0': 'unknown_plan',
    });
    const badCycle = await asAdmin('POST', '/plans', { name: 'Cycle', productId, minUsers: 1, maxUsers: 2, prices: [{ currency: 'USD', billingCycle: 'weekly', amount: 1 }] });
    expect(badCycle.status).toBe(400);
  });

  it('refuses a name another plan has (409 name_exists)', async () => {
    await addPlan('Unique plan', productId);
    const res = await asAdmin('POST', '/plans', { name: 'unique PLAN', productId, minUsers: 1, maxUsers: 2 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('name_exists');
  });

  it('is written by the super administrator only; members of a tenant do not read the admin list', async () => {
    const plan = await addPlan('Guarded plan', productId);
    const created = await server.request('acme', 'POST', '/plans', { session: acmeTenantAdmin, body: { name: 'x', productId, minUsers: 1, maxUsers: 2 } });
    expect(created.status).toBe(403);
    const edited = await server.request('system', 'PATCH', `/plans/${plan.id}`, { session: systemAdmin, body: { published: true } });
    expect(edited.status).toBe(403);
    const deleted = await server.request('acme', 'DELETE', `/plans/${plan.id}`, { session: acmeTenantAdmin });
    expect(deleted.status).toBe(403);
    expect((await server.request('acme', 'GET', '/plans', { session: acmeMember })).status).toBe(403);
  });

  it('edits a plan: lists sent replace the stored ones (an empty list deletes them all), others stay', async () => {
    const plan = await addPlan('Editable plan', productId, {
      prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }],
      limits: [
        { kind: 'participants', value: 10, unit: 'Number' },
        { kind: 'meeting_duration', value: 40, unit: 'Minutes' },
      ],
      roles: ['member'],
    });
    const res = await asAdmin('PATCH', `/plans/${plan.id}`, { maxUsers: 25, limits: [], published: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxUsers: 25, limits: [], published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }], roles: ['member'] });
    const self = await asAdmin('PATCH', `/plans/${plan.id}`, { linkedPlanIds: [plan.id] });
    expect(fieldCodes(self.body)).toEqual({ 'linkedPlanIds.0': 'unknown_plan' });
    const below = await asAdmin('PATCH', `/plans/${plan.id}`, { minUsers: 30 });
    expect(fieldCodes(below.body)).toEqual({ maxUsers: 'invalid_max_users' });
    expect((await asAdmin('PATCH', `/plans/${unknownId}`, { published: false })).status).toBe(404);
    expect((await asAdmin('GET', `/plans/${unknownId}`)).status).toBe(404);
    const entries = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, plan.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  it('shows what is on sale to the public plans page and the purchase, and everything to the super administrator', async () => {
    const shop = await addProduct('Shop product');
    const onSale = await addPlan('Shop on sale', shop.id, { published: true, prices: [{ currency: 'GBP', billingCycle: 'yearly', amount: 9_900 }, { currency: 'USD', billingCycle: 'yearly', amount: 12_000 }] });
    const hidden = await addPlan('Shop hidden', shop.id, { published: false });
    const published = await server.request('acme', 'GET', `/published-plans?productId=${shop.id}`);
    expect(published.status).toBe(200);
    expect(published.body.items.map((plan: { name: string }) => plan.name)).toEqual(['Shop on sale']);
    const all = await asAdmin('GET', `/plans?productId=${shop.id}`);
    expect(all.body.items.map((plan: { name: string }) => plan.name)).toEqual(['Shop hidden', 'Shop on sale']);
    const prices = await server.request('acme', 'GET', `/plans/${onSale.id}/prices?currency=GBP`);
    expect(prices.status).toBe(200);
    expect(prices.body.items).toEqual([{ currency: 'GBP', billingCycle: 'yearly', amount: 9_900 }]);
    expect((await server.request('acme', 'GET', `/plans/${hidden.id}/prices`)).status).toBe(404);
    expect((await server.request('acme', 'GET', `/plans/${unknownId}/prices`)).status).toBe(404);
    expect((await server.request('acme', 'GET', '/published-plans?productId=nope')).status).toBe(400);
    // A disabled product takes its plans off sale.
    await asAdmin('PATCH', `/products/${shop.id}`, { disabled: true });
    const afterDisable = await server.request('acme', 'GET', `/published-plans?productId=${shop.id}`);
    expect(afterDisable.body.items).toEqual([]);
    expect((await server.request('acme', 'GET', `/plans/${onSale.id}/prices`)).status).toBe(404);
  });

  it('deletes a plan no subscription uses, refuses one a tenant subscribes to (409 plan_in_use)', async () => {
    const free = await addPlan('Deletable plan', productId);
    const linking = await addPlan('Linking plan', productId, { linkedPlanIds: [free.id] });
    expect((await asAdmin('DELETE', `/plans/${free.id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/plans/${linking.id}`)).body.linkedPlans).toEqual([]);
    expect((await asAdmin('DELETE', `/plans/${free.id}`)).status).toBe(404);
    const used = await addPlan('Subscribed plan', productId);
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.insert(subscriptions).values({
        tenantId: server.ids.tenants.acme,
        product: 'meeting',
        plan: 'Subscribed plan',
        licenses: 3,
        billingCycle: 'monthly',
        status: 'active',
        effectiveDate: new Date(),
        currency: 'USD',
      }),
    );
    const refused = await asAdmin('DELETE', `/plans/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('plan_in_use');
    // Disabling is the way to retire it.
    const disabled = await asAdmin('PATCH', `/plans/${used.id}`, { disabled: true });
    expect(disabled.body.disabled).toBe(true);
    // A subscription that refers to the plan by id (renamed since) keeps it too.
    const byId = await addPlan('Subscribed by id', productId);
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.insert(subscriptions).values({
        tenantId: server.ids.tenants.acme,
        product: 'meeting',
        plan: 'Old name',
        planId: byId.id,
        licenses: 1,
        billingCycle: 'yearly',
        status: 'active',
        effectiveDate: new Date(),
        currency: 'USD',
      }),
    );
    expect((await asAdmin('DELETE', `/plans/${byId.id}`)).status).toBe(409);
  });
});

describe('demo catalogue', () => {
  it('seeds products and plans on sale with prices in three currencies, limits, links and roles', async () => {
    await server.database.withPlatform((tx) => seedDemoCatalogue(tx));
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.request('acme', 'GET', `/published-plans?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      names.push(...res.body.items.map((plan: { name: string }) => plan.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(names).toEqual(expect.arrayContaining(['Starter', 'Business', 'Enterprise', 'Webinar 500', 'Cloud storage 1 TB']));
    expect(names).not.toContain('Webinar 3000');
    const business = await asAdmin('GET', '/plans?q=business');
    expect(business.body.items[0]).toMatchObject({
      productName: 'Meeting',
      minUsers: 5,
      maxUsers: 500,
      linkedPlans: [{ name: 'Cloud storage 1 TB' }],
      roles: ['admin', 'member'],
    });
    expect(business.body.items[0].prices).toContainEqual({ currency: 'USD', billingCycle: 'monthly', amount: 1_200 });
    expect(new Set(business.body.items[0].prices.map((price: { currency: string }) => price.currency))).toEqual(new Set(['EUR', 'GBP', 'USD']));
    const storage = await asAdmin('GET', '/products?q=storage%20bundle');
    expect(storage.body.items[0]).toMatchObject({ isBundle: true, planCount: 1 });
  });
});
