// CORS answers only the origins PORTAL_CORS_ORIGINS or the system settings list; none by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

const allowed = 'https://reports.example.test';

describe('CORS for listed origins', () => {
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { corsOrigins: [allowed] } });
    plain = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  it('answers a listed origin with its origin and credentials, and its preflight', async () => {
    const answer = await fetch(`${server.baseUrl}/api/v1/health`, { headers: { origin: allowed } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('vary')).toMatch(/Origin/i);

    const preflight = await fetch(`${server.baseUrl}/api/v1/users`, {
      method: 'OPTIONS',
      headers: { origin: allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-csrf-token' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-CSRF-Token');
  });

  it('still asks a listed origin for a session: CORS opens no door by itself', async () => {
    const answer = await fetch(`${server.baseUrl}/api/v1/me`, { headers: { origin: allowed } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowed);
  });

  it('gives another origin no CORS header', async () => {
    const answer = await fetch(`${server.baseUrl}/api/v1/health`, { headers: { origin: 'https://evil.example.test' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers no origin at all by default', async () => {
    const answer = await fetch(`${plain.baseUrl}/api/v1/health`, { headers: { origin: allowed } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads PORTAL_CORS_ORIGINS and refuses what is not an origin', () => {
    expect(loadConfig({ PORTAL_CORS_ORIGINS: `${allowed}, http://localhost:5174/` }).corsOrigins).toEqual([allowed, 'http://localhost:5174']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ PORTAL_CORS_ORIGINS: 'https://x.test/path' })).toThrow(/PORTAL_CORS_ORIGINS/);
    expect(() => loadConfig({ PORTAL_CORS_ORIGINS: '*' })).toThrow(/PORTAL_CORS_ORIGINS/);
  });
});

describe("CORS for the origins the platform administrator lists", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const system = { publicUrl: null, supportEmail: null, defaultLanguage: 'en', maintenanceMode: false };
  const preflight = (origin: string) =>
    fetch(`${server.baseUrl}/api/v1/users`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });

  it('opens to a saved origin at once and closes again when it is taken off the list', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const reports = 'https://reports.example.test';
    expect((await preflight(reports)).headers.get('access-control-allow-origin')).toBeNull();

    const save = (corsOrigins: string | null) => server.request('system', 'PUT', '/settings/system', { session: superadmin, body: { ...system, corsOrigins } });
    expect((await save(`${reports}, http://localhost:5174`)).status).toBe(200);
    const opened = await preflight(reports);
    expect(opened.status).toBe(204);
    expect(opened.headers.get('access-control-allow-origin')).toBe(reports);
    expect((await preflight('http://localhost:5174')).headers.get('access-control-allow-origin')).toBe('http://localhost:5174');
    expect((await preflight('https://evil.example.test')).headers.get('access-control-allow-origin')).toBeNull();

    expect((await save(null)).status).toBe(200);
    expect((await preflight(reports)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a list with a path or a wildcard as a field error, and keeps the saved one', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    for (const corsOrigins of ['https://reports.example.test/app', '*', 'reports.example.test']) {
      const response = await server.request('system', 'PUT', '/settings/system', { session: superadmin, body: { ...system, corsOrigins } });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'corsOrigins', code: 'invalid_origins' })]);
    }
  });

  it('lets only the super administrator change the list', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const response = await server.request('acme', 'PUT', '/settings/system', { session: admin, body: { ...system, corsOrigins: 'https://x.example.test' } });
    expect(response.status).toBe(403);
  });
});
