// The phone numbers operations (spec 'Phone numbers', super administrator) over real HTTP: numbers
// are E.164 and plausible for their country, unique per tenant, audited, and nobody but the super
// administrator reaches them; another tenant's number is not found.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dids } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let systemAdmin: TestSession;
let acmeDidId: string;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  systemAdmin = await server.login('system', userEmail('system', 'admin'));
  const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
    tx.insert(dids).values({ tenantId: server.ids.tenants.acme, country: 'FR', number: '+33140000000' }).returning(),
  );
  acmeDidId = row!.id;
});

afterAll(async () => {
  await server?.close();
});

const create = (body: Record<string, unknown>, session = superadmin) => server.request('system', 'POST', '/dids', { session, body });

describe('putDid', () => {
  it('creates a number with its defaults and records the creation', async () => {
    const res = await create({ country: 'US', number: '+12025550143' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ country: 'US', number: '+12025550143', status: 'enabled', dialIn: true, dialOut: false });
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.id)));
    expect(entry).toMatchObject({ action: 'create', entity: 'did', actorLabel: userEmail('system', 'superadmin') });
  });

  it('answers 400 invalid_phone for a number that is not E.164 or not plausible for its country', async () => {
    for (const body of [
      { country: 'US', number: '2025550143' },
      { country: 'US', number: '+3312345678' },
      { country: 'FR', number: '+331234' },
      { country: 'ZZ', number: '+12025550143' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'number', code: 'invalid_phone' });
    }
    const badCountry = await create({ country: 'usa', number: '+12025550143' });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors[0]).toMatchObject({ field: 'country', code: 'invalid_country' });
  });

  it('answers 409 number_exists for a number the tenant already has, but another tenant may hold it', async () => {
    expect((await create({ country: 'FR', number: '+33140000000' })).status).toBe(201);
    const again = await create({ country: 'FR', number: '+33140000000' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('number_exists');
  });

  it('refuses a caller outside the superadmin role group with 403', async () => {
    expect((await create({ country: 'US', number: '+12025550199' }, systemAdmin)).status).toBe(403);
    const acmeTenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
    expect((await server.request('acme', 'POST', '/dids', { session: acmeTenantAdmin, body: { country: 'US', number: '+12025550199' } })).status).toBe(403);
  });
});

describe('getDids', () => {
  it('lists only the tenant’s numbers by number, cursor-paged and searchable', async () => {
    await create({ country: 'GB', number: '+442079460000' });
    const first = await server.request('system', 'GET', '/dids?limit=2', { session: superadmin });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    const second = await server.request('system', 'GET', `/dids?limit=2&cursor=${first.body.nextCursor}`, { session: superadmin });
    const numbers = [...first.body.items, ...second.body.items].map((d: { number: string }) => d.number);
    expect(numbers).toEqual(['+12025550143', '+33140000000', '+442079460000']);
    expect(numbers.filter((n: string) => n === '+33140000000')).toHaveLength(1);
    const search = await server.request('system', 'GET', '/dids?q=4420', { session: superadmin });
    expect(search.body.items.map((d: { number: string }) => d.number)).toEqual(['+442079460000']);
  });

  it('answers 400 for a cursor it did not hand out and 403 for a wrong role', async () => {
    const bad = await server.request('system', 'GET', '/dids?cursor=nonsense', { session: superadmin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
    expect((await server.request('system', 'GET', '/dids', { session: systemAdmin })).status).toBe(403);
  });
});

describe('updateDid', () => {
  it('edits the flags and the number, checking the number against the (kept) country', async () => {
    const { body: did } = await create({ country: 'DE', number: '+4930123456' });
    const res = await server.request('system', 'PATCH', `/dids/${did.id}`, { session: superadmin, body: { dialOut: true, status: 'disabled' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dialOut: true, status: 'disabled', number: '+4930123456' });
    const wrong = await server.request('system', 'PATCH', `/dids/${did.id}`, { session: superadmin, body: { number: '+12025550100' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'number', code: 'invalid_phone' });
    const clash = await server.request('system', 'PATCH', `/dids/${did.id}`, { session: superadmin, body: { country: 'US', number: '+12025550143' } });
    expect(clash.status).toBe(409);
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ entity: 'did', entityId: did.id });
  });

  it('answers 404 for another tenant’s number and an unknown id, 403 for a wrong role', async () => {
    expect((await server.request('system', 'PATCH', `/dids/${acmeDidId}`, { session: superadmin, body: { dialOut: true } })).status).toBe(404);
    expect((await server.request('system', 'PATCH', `/dids/${unknownId}`, { session: superadmin, body: { dialOut: true } })).status).toBe(404);
    expect((await server.request('system', 'PATCH', `/dids/${acmeDidId}`, { session: systemAdmin, body: { dialOut: true } })).status).toBe(403);
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(dids).where(eq(dids.id, acmeDidId)));
    expect(row?.dialOut).toBe(false);
  });
});

describe('deleteDid', () => {
  it('deletes a number and records it; another tenant’s number is 404; a wrong role is 403', async () => {
    const { body: did } = await create({ country: 'ES', number: '+34912345678' });
    expect((await server.request('system', 'DELETE', `/dids/${did.id}`, { session: systemAdmin })).status).toBe(403);
    expect((await server.request('system', 'DELETE', `/dids/${did.id}`, { session: superadmin })).status).toBe(204);
    expect((await server.request('system', 'DELETE', `/dids/${did.id}`, { session: superadmin })).status).toBe(404);
    expect((await server.request('system', 'DELETE', `/dids/${acmeDidId}`, { session: superadmin })).status).toBe(404);
    const entries = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, did.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('answers 400 for a malformed id', async () => {
    const res = await server.request('system', 'DELETE', '/dids/not-a-uuid', { session: superadmin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'didId', code: 'invalid_value' });
  });
});
