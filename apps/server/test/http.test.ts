import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../src/kernel/http/openapi.ts';
import { allHandlers } from '../src/app/app.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/portal/assets/app-1a2b3c.js"></script>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("portal")');
  server = await startTestServer({ config: { portalDist: dist } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the contract', () => {
  it('has a handler for every operation', () => {
    const missing = listOperations(loadSpec()).filter((operation) => !allHandlers[operation.operationId]);
    expect(missing.map((operation) => operation.operationId)).toEqual([]);
  });

  it('is served as JSON and as a self-contained HTML reference', async () => {
    const json = await server.request('system', 'GET', '/api/v1/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe('3.1.0');
    expect(Object.keys(json.body.paths)).toContain('/auth/login');
    const docs = await server.request('system', 'GET', '/api/v1/docs');
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.text).toContain('loginUser');
    expect(docs.text).toContain('permission user.get');
    // Which OAuth scopes open each operation (x-oauth-scopes), as the contract says.
    expect(docs.text).toContain('any signed-in caller; OAuth scopes: profile');
    expect(docs.text).toContain('any signed-in caller; no OAuth token');
    // No external assets (scripts, images, stylesheets); links to RFCs and tools are fine.
    expect(docs.text).not.toMatch(/<script|src="http|<link[^>]+href="http/);
  });

  it("shows every request and response schema, renders Markdown descriptions and says the portal's version", async () => {
    const spec = loadSpec();
    const docs = (await server.request('system', 'GET', '/api/v1/docs')).text;
    const names = Object.keys(spec.components.schemas);
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) expect(docs, name).toContain(`id="schema-${name}"`);
    // An operation names its request body and each response's schema, linked to the schema section.
    const purchase = docs.slice(docs.indexOf('id="purchasePlan"'), docs.indexOf('</section>', docs.indexOf('id="purchasePlan"')));
    expect(purchase).toContain('href="#schema-PurchaseRequest"');
    expect(purchase).toContain('href="#schema-PurchaseResult"');
    expect(purchase).toContain('href="#schema-Problem"');
    // The schema section lists its properties, required ones marked, with their descriptions.
    const result = docs.slice(docs.indexOf('id="schema-PurchaseResult"'), docs.indexOf('</section>', docs.indexOf('id="schema-PurchaseResult"')));
    expect(result).toMatch(/<code>redirectUrl<\/code>/);
    expect(result).toContain('Stripe: the checkout page');
    // Markdown: `code` spans become code, not backticks shown raw.
    expect(docs).toContain('<code>price_unavailable</code>');
    expect(docs).not.toContain('`price_unavailable`');
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(version).toBe(JSON.parse(readFileSync(new URL('../../portal/package.json', import.meta.url), 'utf8')).version);
    expect(docs).toContain(`version ${version}`);
    expect(docs).not.toContain(`version ${spec.info.version} `);
    expect(docs).not.toMatch(/<script|src="http|<link[^>]+href="http|href="javascript/);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, frame denial, nosniff and no referrer on every answer', async () => {
    for (const path of ['/api/v1/health', '/portal/landing-page']) {
      const { headers } = await server.request('system', 'GET', path);
      const csp = String(headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"]) {
        expect(csp).toContain(directive);
      }
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps every API answer out of caches unless the operation says it is public, and limits browser features', async () => {
    const login = await server.login('acme', userEmail('acme', 'member'));
    for (const [tenant, path, session] of [['system', '/health'], ['acme', '/me', login], ['acme', '/users', login], ['system', '/api/v1/openapi.json'], ['system', '/me']] as const) {
      const { headers, status } = await server.request(tenant, 'GET', path, session ? { session } : {});
      expect(headers['cache-control'], `${path} ${status}`).toBe('no-store');
    }
    const page = await server.request('system', 'GET', '/portal/landing-page');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['permissions-policy']).toContain('camera=(self)');
    expect(page.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('sends HSTS only over https (behind a trusted proxy saying so), never over plain http', async () => {
    const plain = await server.request('system', 'GET', '/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      const secure = await proxied.request('system', 'GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });

  it('gives every answer a request id, keeping a proxy\u2019s', async () => {
    const fresh = await server.request('system', 'GET', '/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await server.request('system', 'GET', '/health', { headers: { 'x-request-id': 'lb-0123456789' } });
    expect(kept.headers['x-request-id']).toBe('lb-0123456789');
    const problem = await server.request('system', 'GET', '/me', { headers: { 'x-request-id': 'lb-abcdefghij' } });
    expect(problem.body.requestId).toBe('lb-abcdefghij');
  });
});

describe('errors', () => {
  it('answers unknown routes with a 404 problem', async () => {
    const response = await server.request('system', 'GET', '/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers 413 file_too_large for a body over 1 MB', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { rawBody: `{"email":"${'a'.repeat(1_100_000)}"}`, contentType: 'application/json' });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('file_too_large');
  });

  it('answers unreadable JSON with a 400 problem and never a stack', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { rawBody: '{"email":', contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers a body in a media type the operation does not take with 415', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { rawBody: 'email=a', contentType: 'text/plain' });
    expect(response.status).toBe(415);
  });

  it('answers an unexpected failure with a logged 500 internal and no detail', async () => {
    const failing = await startTestServer();
    try {
      failing.app.log.level = 'silent';
      await failing.database.close();
      const session = await failing.request('acme', 'GET', '/me');
      expect(session.status).toBe(500);
      expect(session.body).toMatchObject({ code: 'internal', status: 500 });
      expect(session.body.detail).toBeUndefined();
      expect(session.text).not.toMatch(/PGlite|stack/i);
    } finally {
      await failing.close().catch(() => {});
    }
  });

  it('answers a value the database refuses (SQLSTATE class 22) with 400 validation_failed, not 500', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const refused = [
      await server.request('acme', 'GET', `/users?cursor=${cursor({ s: 'email', k: ['a\u0000@acme.test'] })}`, { session: admin }),
      await server.request('system', 'GET', `/tenants?cursor=${cursor({ sname: 'a\u0000' })}`, { session: superadmin }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(response.text).not.toMatch(/0x00|UTF8|invalid byte/i);
    }
    const search = await server.request('system', 'GET', '/tenants?q=%00', { session: superadmin });
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual([expect.objectContaining({ field: 'q', code: 'invalid_value' })]);
  });

  it('does not let a member call an operation that needs a permission', async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const response = await server.request('acme', 'GET', '/users', { session });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
  });

  it('enforces x-role-group: only the super administrator may add users to another tenant', async () => {
    const session = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const response = await server.request('acme', 'POST', `/tenants/${server.ids.tenants.globex}/users`, {
      session,
      body: { email: 'new@globex.test', firstName: 'New', lastName: 'User', roles: ['member'], passwordMode: 'generate' },
    });
    expect(response.status).toBe(403);
  });
});

describe('the built portal', () => {
  it('redirects / and /portal to the landing page', async () => {
    for (const path of ['/', '/portal']) {
      const response = await server.request('system', 'GET', path);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/portal/landing-page');
    }
  });

  it('serves hashed assets as immutable and index.html as no-cache, with a fallback for client routes', async () => {
    const asset = await server.request('system', 'GET', '/portal/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/portal/', '/portal/landing-page', '/portal/Roles/create-role']) {
      const page = await server.request('system', 'GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Portal</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await server.request('system', 'GET', '/portal/assets/gone-123.js')).status).toBe(404);
  });

  it('says how to build the portal when it is not built', async () => {
    const bare = await startTestServer();
    try {
      const response = await bare.request('system', 'GET', '/portal/landing-page');
      expect(response.status).toBe(503);
      expect(response.text).toMatch(/not been built/);
    } finally {
      await bare.close();
    }
  });
});
