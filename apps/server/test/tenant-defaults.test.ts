// The defaults a new tenant gets come from the global configuration's Tenant section once it is
// saved (its fields over the built-in defaults), both as getDefaults answers them and as addTenant
// applies them to what the request leaves out; before any save the built-in defaults hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
});

afterAll(async () => {
  await server?.close();
});

const admin = (email: string) => ({ email, firstName: 'Def', lastName: 'Admin', passwordMode: 'manual', password: 'Zeta-Pass1' });
const create = (body: Record<string, unknown>) => server.request('system', 'POST', '/tenants', { session: superadmin, body });
const defaults = () => server.request('system', 'GET', '/tenant-defaults', { session: superadmin });

describe('tenant defaults from the Tenant configuration screen', () => {
  it('keeps the built-in defaults while no tenant section is saved', async () => {
    const res = await defaults();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ signupNormal: true, signupSocial: false, dialIn: false, dialOut: false, features: { mobile_app: true, slack: false } });
    const created = await create({ name: 'Before', sname: 'before-defaults', admin: admin('a@before.test') });
    expect(created.status).toBe(201);
    expect(created.body.tenant).toMatchObject({ signupNormal: true, signupSocial: false, dialIn: false, dialOut: false });
  });

  it('answers the saved section over the built-in defaults and gives it to a tenant created without those fields', async () => {
    const saved = await server.request('system', 'PUT', '/settings/tenant', {
      session: superadmin,
      body: { dialIn: true, dialOut: false, showNormalSignup: false, showSocialSignup: true, defaultLanguage: 'en', maxUsers: 50 },
    });
    expect(saved.status).toBe(200);

    const res = await defaults();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ signupNormal: false, signupSocial: true, dialIn: true, dialOut: false, features: { mobile_app: true } });
    expect(res.body.roles.map((r: { name: string }) => r.name)).toContain('tenantadmin');

    const created = await create({ name: 'After', sname: 'after-defaults', admin: admin('a@after.test') });
    expect(created.status).toBe(201);
    expect(created.body.tenant).toMatchObject({ signupNormal: false, signupSocial: true, dialIn: true, dialOut: false, features: { mobile_app: true } });

    // What the request says still wins over the saved defaults.
    const explicit = await create({ name: 'Own', sname: 'own-defaults', dialIn: false, signupSocial: false, signupNormal: true, admin: admin('a@own.test') });
    expect(explicit.status).toBe(201);
    expect(explicit.body.tenant).toMatchObject({ signupNormal: true, signupSocial: false, dialIn: false });
  });
});
