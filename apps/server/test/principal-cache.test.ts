// The in-process caches (PGlite only) must never let a caller keep rights it lost, nor show data
// older than the last write: every finished API write drops them, and an answer read before a
// write finished is not kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKey, keepPrincipal, principalCacheFor } from '../src/auth/principal-cache.ts';
import { cachedRead, createProcessCache, dropProcessCaches } from '../src/kernel/db/process-cache.ts';
import type { Authentication } from '../src/auth/sessions.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

const userAuth = (freshUntil: number): Authentication => ({
  principal: { kind: 'user', userId: 'u1', sessionId: 's1', role: 'member', roles: ['member'], permissions: new Set(), groups: new Set(['member']), dial: new Set() },
  via: 'cookie',
  csrfToken: 'csrf',
  freshUntil,
});

describe('process caches', () => {
  it('keep an answer until it is no longer fresh', () => {
    const cache = createProcessCache<string>(10);
    cache.set('k', 'v', cache.generation(), 2_000);
    expect(cache.get('k', 1_999)).toBe('v');
    expect(cache.get('k', 2_000)).toBeNull();
  });

  it('do not keep an answer read before a write finished', () => {
    const cache = createProcessCache<string>(10);
    const before = cache.generation();
    cache.clear();
    cache.set('k', 'v', before, Date.now() + 60_000);
    expect(cache.get('k')).toBeNull();
  });

  it('start over past their bound instead of growing', () => {
    const cache = createProcessCache<number>(2);
    const until = Date.now() + 60_000;
    for (const n of [1, 2, 3]) cache.set(`k${n}`, n, cache.generation(), until);
    expect(cache.get('k1')).toBeNull();
    expect(cache.get('k3')).toBe(3);
  });

});

describe('the principal cache', () => {
  it('keeps signed-in callers only, until their session check is due', () => {
    const cache = createProcessCache<Authentication>(10);
    const freshUntil = Date.now() + 60_000;
    keepPrincipal(cache, 'u', userAuth(freshUntil), cache.generation());
    keepPrincipal(cache, 'a', { principal: { kind: 'anonymous' }, via: null, csrfToken: null, freshUntil }, cache.generation());
    expect(cache.get('u')).not.toBeNull();
    expect(cache.get('u', freshUntil)).toBeNull();
    expect(cache.get('a')).toBeNull();
  });

  it('keys credentials by tenant and kind without holding the secret', () => {
    const key = credentialKey('t1', { kind: 'cookie', secret: 'top-secret-value' });
    expect(key).not.toContain('top-secret-value');
    expect(key).not.toBe(credentialKey('t2', { kind: 'cookie', secret: 'top-secret-value' }));
    expect(key).not.toBe(credentialKey('t1', { kind: 'bearer', secret: 'top-secret-value' }));
  });
});

describe('process caches in the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers reads from the process cache until a write drops it (PGlite), else from the database', async () => {
    let loads = 0;
    const cache = { name: 'test.reads', maxEntries: 10, ttlMs: 60_000 };
    const read = () => cachedRead(server.database, cache, 'key', async () => ++loads);
    const pglite = server.kind === 'pglite';
    expect([await read(), await read()]).toEqual(pglite ? [1, 1] : [1, 2]);
    dropProcessCaches(server.database);
    expect(await read()).toBe(pglite ? 2 : 3);
  });

  it('shows a change made through the API on the next read of a list page, in that tenant only', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const member = userEmail('acme', 'member');
    const page = async (tenant: 'acme' | 'globex', session = admin) =>
      (await server.request(tenant, 'GET', `/users?q=${encodeURIComponent(member)}`, { session })).body.items as { email: string; firstName: string }[];
    await page('acme');
    expect((await page('acme'))[0]?.firstName).not.toBe('Renamed');
    const renamed = await server.request('acme', 'PATCH', `/users/${server.ids.users[member]}`, { session: admin, body: { firstName: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await page('acme'))[0]?.firstName).toBe('Renamed');
    // The same query in another tenant never gets acme's cached page.
    const globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    expect(await page('globex', globexAdmin)).toEqual([]);
  });

  it('exists on PGlite only', () => {
    expect(principalCacheFor(server.database) !== null).toBe(server.kind === 'pglite');
  });

  it('applies a role change made through the API to the holder’s next request', async () => {
    const target = userEmail('acme', 'accountadmin');
    const holder = await server.login('acme', target);
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    // Twice, so the holder's principal is surely cached before the change.
    expect((await server.request('acme', 'GET', '/me', { session: holder })).body.role).toBe('accountadmin');
    expect((await server.request('acme', 'GET', '/me', { session: holder })).body.role).toBe('accountadmin');
    const changed = await server.request('acme', 'PATCH', `/users/${server.ids.users[target]}`, { session: admin, body: { roles: ['member'] } });
    expect(changed.status).toBe(200);
    expect((await server.request('acme', 'GET', '/me', { session: holder })).body.role).toBe('member');
  });

  it('signs out a user disabled through the API on their next request', async () => {
    // GET /users answers from the principal alone (unlike /me, which reads the user row).
    const target = userEmail('system', 'admin');
    const holder = await server.login('system', target);
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    expect((await server.request('system', 'GET', '/users', { session: holder })).status).toBe(200);
    expect((await server.request('system', 'GET', '/users', { session: holder })).status).toBe(200);
    const disabled = await server.request('system', 'PATCH', `/users/${server.ids.users[target]}`, { session: superadmin, body: { status: 'disabled' } });
    expect(disabled.status).toBe(200);
    expect((await server.request('system', 'GET', '/users', { session: holder })).status).toBe(401);
  });
});
