// The in-process principal cache (PGlite only) must never let a caller keep rights it lost: every
// finished API write drops it, and an answer read before a write finished is not kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipalCache, credentialKey, principalCacheFor } from '../src/auth/principal-cache.ts';
import type { Authentication } from '../src/auth/sessions.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

const userAuth = (freshUntil: number): Authentication => ({
  principal: { kind: 'user', userId: 'u1', sessionId: 's1', role: 'member', roles: ['member'], permissions: new Set() },
  via: 'cookie',
  csrfToken: 'csrf',
  freshUntil,
});

describe('createPrincipalCache', () => {
  it('keeps an answer until it is no longer fresh', () => {
    const cache = createPrincipalCache();
    cache.set('k', userAuth(2_000), cache.generation());
    expect(cache.get('k', 1_999)).not.toBeNull();
    expect(cache.get('k', 2_000)).toBeNull();
  });

  it('does not keep an answer read before a write finished, nor anonymous callers', () => {
    const cache = createPrincipalCache();
    const before = cache.generation();
    cache.invalidate();
    cache.set('k', userAuth(Date.now() + 60_000), before);
    expect(cache.get('k')).toBeNull();
    cache.set('a', { principal: { kind: 'anonymous' }, via: null, csrfToken: null, freshUntil: Date.now() + 60_000 }, cache.generation());
    expect(cache.get('a')).toBeNull();
  });

  it('keys credentials by tenant and kind without holding the secret', () => {
    const key = credentialKey('t1', { kind: 'cookie', secret: 'top-secret-value' });
    expect(key).not.toContain('top-secret-value');
    expect(key).not.toBe(credentialKey('t2', { kind: 'cookie', secret: 'top-secret-value' }));
    expect(key).not.toBe(credentialKey('t1', { kind: 'bearer', secret: 'top-secret-value' }));
  });
});

describe('principal cache in the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

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
