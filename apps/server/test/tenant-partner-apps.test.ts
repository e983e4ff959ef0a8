// The tenant detail's partner apps over real HTTP: a tenant administrator installs Neosound and
// Slack for its own tenant, uninstalls, installs again, reconfigures and removes them; the platform
// super administrator does the same for any tenant; nobody else reaches them. The API key is sealed,
// never answered, kept when left empty and masked in the audit log; the `neosound` and `slack`
// tenant features follow the installed apps and cannot be set otherwise.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../src/kernel/audit/record.ts';
import { tenantApps, tenants } from '../src/kernel/db/schema.ts';
import { userEmail, type TestServer, type TestSession } from './harness.ts';
import { auditEntriesOf, startTenantAdminServer } from './tenant-admin.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeId: string;
let globexId: string;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

const appsPath = (tenantId: string) => `/tenants/${tenantId}/apps`;
const appPath = (tenantId: string, app: string) => `/tenants/${tenantId}/apps/${app}`;
const neosoundKey = 'ns_live_4f9a8b7c6d5e4f3a';
const neosound = { apiKey: neosoundKey, region: 'eu' };
const slack = { teamId: 'T024BE7LD', command: '/meet' };

async function storedApp(tenantId: string, app: 'neosound' | 'slack') {
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(tenantApps)
      .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.app, app))),
  );
  return row;
}

/** The stored partner-app flags of a tenant (a flag never written is off). */
async function flags(tenantId: string) {
  const [row] = await server.database.withTenant(tenantId, (tx) => tx.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, tenantId)));
  return { neosound: row!.features.neosound === true, slack: row!.features.slack === true };
}

const auditEntries = (tenantId: string, app: string) => auditEntriesOf(server, tenantId, 'tenant.partner_app', app);

beforeAll(async () => {
  ({ server, acmeId, globexId, superadmin, acmeAdmin, acmeMember } = await startTenantAdminServer());
});

afterAll(async () => {
  await server?.close();
});

describe('getTenantApps', () => {
  it('answers the whole catalogue, not installed, with the flags off', async () => {
    const res = await server.request('acme', 'GET', appsPath(acmeId), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { app: 'neosound', state: 'not_installed', settings: null, installedAt: null, updatedAt: null },
      { app: 'slack', state: 'not_installed', settings: null, installedAt: null, updatedAt: null },
    ]);
    expect(await flags(acmeId)).toEqual({ neosound: false, slack: false });
  });

  it('answers 403 to a member, 404 for another or unknown tenant, 401 without a session, 400 for a malformed id', async () => {
    expect((await server.request('acme', 'GET', appsPath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', appsPath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('system', 'GET', appsPath(unknownId), { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', appsPath(acmeId))).status).toBe(401);
    const bad = await server.request('acme', 'GET', '/tenants/acme/apps', { session: acmeAdmin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });
});

describe('installTenantApp', () => {
  it('installs Neosound with its key sealed and never answered, turns its flag on and audits it masked', async () => {
    const res = await server.request('acme', 'PUT', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: neosound });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ app: 'neosound', state: 'installed', settings: { region: 'eu', hasApiKey: true } });
    expect(res.text).not.toContain(neosoundKey);
    expect(Date.parse(res.body.installedAt)).not.toBeNaN();

    const row = await storedApp(acmeId, 'neosound');
    expect(row?.apiKey).not.toContain(neosoundKey);
    expect(server.app.secrets.open(row!.apiKey!)).toBe(neosoundKey);
    expect(row?.settings).toEqual({ region: 'eu' });
    expect(await flags(acmeId)).toMatchObject({ neosound: true, slack: false });

    const tenant = await server.request('acme', 'GET', `/tenants/${acmeId}`, { session: acmeAdmin });
    expect(tenant.body.features.neosound).toBe(true);
    const list = await server.request('acme', 'GET', appsPath(acmeId), { session: acmeAdmin });
    expect(list.body.items.map((a: { state: string }) => a.state)).toEqual(['installed', 'not_installed']);

    const [entry] = await auditEntries(acmeId, 'neosound');
    expect(entry).toMatchObject({ action: 'create', actorLabel: userEmail('acme', 'tenantadmin'), after: { app: 'neosound', status: 'installed', settings: { region: 'eu' }, apiKey: MASK } });
    expect(JSON.stringify(entry)).not.toContain(neosoundKey);
  });

  it('answers 409 app_installed when the app is already there', async () => {
    const again = await server.request('acme', 'PUT', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: neosound });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('app_installed');
  });

  it('answers 400 with field codes for missing, malformed and foreign settings, and changes nothing', async () => {
    const missing = await server.request('acme', 'PUT', appPath(acmeId, 'slack'), { session: acmeAdmin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ field: 'teamId', code: 'required' }),
      expect.objectContaining({ field: 'command', code: 'required' }),
    ]);
    const malformed = await server.request('acme', 'PUT', appPath(acmeId, 'slack'), { session: acmeAdmin, body: { teamId: 'acme team', command: 'meet' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'teamId', code: 'invalid_team_id' }), expect.objectContaining({ field: 'command', code: 'invalid_slash_command' })]),
    );
    const foreign = await server.request('acme', 'PUT', appPath(acmeId, 'slack'), { session: acmeAdmin, body: { ...slack, apiKey: neosoundKey } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'apiKey', code: 'invalid_value' })]);
    const shortKey = await server.request('acme', 'PUT', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { apiKey: 'short', region: 'mars' } });
    expect(shortKey.status).toBe(400);
    expect(shortKey.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'apiKey', code: 'invalid_api_key' }), expect.objectContaining({ field: 'region', code: 'invalid_value' })]),
    );
    const unknownApp = await server.request('acme', 'PUT', appPath(acmeId, 'teams'), { session: acmeAdmin, body: slack });
    expect(unknownApp.status).toBe(400);
    expect(unknownApp.body.errors[0]).toMatchObject({ field: 'app', code: 'invalid_value' });
    expect(await storedApp(acmeId, 'slack')).toBeUndefined();
    expect(await flags(acmeId)).toMatchObject({ slack: false });
  });

  it('answers 403 to a member, 404 for another or unknown tenant, 401 without a session', async () => {
    expect((await server.request('acme', 'PUT', appPath(acmeId, 'slack'), { session: acmeMember, body: slack })).status).toBe(403);
    expect((await server.request('acme', 'PUT', appPath(globexId, 'slack'), { session: acmeAdmin, body: slack })).status).toBe(404);
    expect((await server.request('system', 'PUT', appPath(unknownId, 'slack'), { session: superadmin, body: slack })).status).toBe(404);
    expect((await server.request('acme', 'PUT', appPath(acmeId, 'slack'), { body: slack })).status).toBe(401);
    expect(await storedApp(globexId, 'slack')).toBeUndefined();
  });

  it("lets the platform super administrator install Slack for globex, audited in globex's log under its own name", async () => {
    const res = await server.request('system', 'PUT', appPath(globexId, 'slack'), { session: superadmin, body: { teamId: 'T0GLOBEX1', command: ' /globex-meet ' } });
    expect(res.status).toBe(400);
    const ok = await server.request('system', 'PUT', appPath(globexId, 'slack'), { session: superadmin, body: { teamId: 'T0GLOBEX1', command: '/globex-meet' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ app: 'slack', state: 'installed', settings: { teamId: 'T0GLOBEX1', command: '/globex-meet' } });
    expect(ok.body.settings).not.toHaveProperty('hasApiKey');
    expect(await flags(globexId)).toMatchObject({ slack: true, neosound: false });
    expect(await flags(acmeId)).toMatchObject({ slack: false });
    const [entry] = await auditEntries(globexId, 'slack');
    expect(entry).toMatchObject({ action: 'create', actorLabel: userEmail('system', 'superadmin'), tenantId: globexId });
  });
});

describe('updateTenantApp', () => {
  it('uninstalls Neosound keeping its settings and key, and turns its flag off', async () => {
    const res = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { state: 'uninstalled' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ app: 'neosound', state: 'uninstalled', settings: { region: 'eu', hasApiKey: true } });
    expect(server.app.secrets.open((await storedApp(acmeId, 'neosound'))!.apiKey!)).toBe(neosoundKey);
    expect(await flags(acmeId)).toMatchObject({ neosound: false });
  });

  it('installs it again with a new region and an empty key, which keeps the stored one', async () => {
    const res = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { state: 'installed', region: 'us', apiKey: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'installed', settings: { region: 'us', hasApiKey: true } });
    expect(server.app.secrets.open((await storedApp(acmeId, 'neosound'))!.apiKey!)).toBe(neosoundKey);
    expect(await flags(acmeId)).toMatchObject({ neosound: true });
  });

  it('replaces the key when a new one is sent, audited with both keys masked', async () => {
    const newKey = 'ns_live_0000111122223333';
    const res = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { apiKey: newKey } });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(newKey);
    expect(server.app.secrets.open((await storedApp(acmeId, 'neosound'))!.apiKey!)).toBe(newKey);
    const entry = (await auditEntries(acmeId, 'neosound')).at(-1);
    expect(entry).toMatchObject({ action: 'update', before: { apiKey: MASK, settings: { region: 'us' } }, after: { apiKey: MASK, status: 'installed' } });
    expect(JSON.stringify(entry)).not.toContain(newKey);
  });

  it('answers 400 for foreign or malformed settings, an unknown state or an empty body', async () => {
    const foreign = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { command: '/meet' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'command', code: 'invalid_value' })]);
    const badKey = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { apiKey: 'has spaces in the key' } });
    expect(badKey.body.errors[0]).toMatchObject({ field: 'apiKey', code: 'invalid_api_key' });
    const badState = await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: { state: 'removed' } });
    expect(badState.body.errors[0]).toMatchObject({ field: 'state', code: 'invalid_value' });
    expect((await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeAdmin, body: {} })).status).toBe(400);
    expect((await storedApp(acmeId, 'neosound'))?.status).toBe('installed');
  });

  it('answers 404 for an app that is not installed or another tenant; 403 to a member; 401 without a session', async () => {
    expect((await server.request('acme', 'PATCH', appPath(acmeId, 'slack'), { session: acmeAdmin, body: { state: 'uninstalled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', appPath(globexId, 'slack'), { session: acmeAdmin, body: { state: 'uninstalled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { session: acmeMember, body: { state: 'uninstalled' } })).status).toBe(403);
    expect((await server.request('acme', 'PATCH', appPath(acmeId, 'neosound'), { body: { state: 'uninstalled' } })).status).toBe(401);
    expect((await storedApp(globexId, 'slack'))?.status).toBe('installed');
  });
});

describe('the neosound and slack tenant features', () => {
  it('refuse another value than the installed apps give them in updateTenant, and keep it when left out', async () => {
    const res = await server.request('acme', 'PATCH', `/tenants/${acmeId}`, { session: acmeAdmin, body: { features: { slack: true, neosound: false, mobile_app: false } } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'features.neosound', code: 'app_managed' }),
      expect.objectContaining({ field: 'features.slack', code: 'app_managed' }),
    ]);
    const same = await server.request('acme', 'PATCH', `/tenants/${acmeId}`, { session: acmeAdmin, body: { features: { neosound: true, slack: false, mobile_app: false } } });
    expect(same.status).toBe(200);
    const leftOut = await server.request('acme', 'PATCH', `/tenants/${acmeId}`, { session: acmeAdmin, body: { features: { mobile_app: true } } });
    expect(leftOut.body.features).toMatchObject({ mobile_app: true, neosound: true });
    expect(leftOut.body.features.slack ?? false).toBe(false);
  });

  it('are off for a new tenant, and a new tenant cannot ask for them', async () => {
    const admin = { firstName: 'Ina', lastName: 'Itial', email: 'ina@initech.example', passwordMode: 'generate' };
    const refused = await server.request('system', 'POST', '/tenants', { session: superadmin, body: { sname: 'initech', name: 'Initech', admin, features: { slack: true } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'features.slack', code: 'app_managed' });
    const created = await server.request('system', 'POST', '/tenants', { session: superadmin, body: { sname: 'initech', name: 'Initech', admin } });
    expect(created.status).toBe(201);
    expect(created.body.tenant.features).toMatchObject({ neosound: false, slack: false });
  });
});

describe('removeTenantApp', () => {
  it('answers 403 to a member, 404 for another tenant, 401 without a session, 400 for an unknown app', async () => {
    expect((await server.request('acme', 'DELETE', appPath(acmeId, 'neosound'), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', appPath(globexId, 'slack'), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', appPath(acmeId, 'neosound'))).status).toBe(401);
    const bad = await server.request('acme', 'DELETE', appPath(acmeId, 'zoom'), { session: acmeAdmin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'app', code: 'invalid_value' });
    expect(await storedApp(acmeId, 'neosound')).toBeDefined();
  });

  it('deletes the settings and key, turns the flag off, audits it and is then 404', async () => {
    const res = await server.request('acme', 'DELETE', appPath(acmeId, 'neosound'), { session: acmeAdmin });
    expect(res.status).toBe(204);
    expect(await storedApp(acmeId, 'neosound')).toBeUndefined();
    expect(await flags(acmeId)).toMatchObject({ neosound: false });
    const list = await server.request('acme', 'GET', appsPath(acmeId), { session: acmeAdmin });
    expect(list.body.items[0]).toEqual({ app: 'neosound', state: 'not_installed', settings: null, installedAt: null, updatedAt: null });
    const entry = (await auditEntries(acmeId, 'neosound')).at(-1);
    expect(entry).toMatchObject({ action: 'delete', before: { apiKey: MASK, settings: { region: 'us' } }, after: null });
    expect((await server.request('acme', 'DELETE', appPath(acmeId, 'neosound'), { session: acmeAdmin })).status).toBe(404);
  });

  it("lets the platform super administrator remove globex's uninstalled Slack; it can then be installed afresh", async () => {
    await server.request('system', 'PATCH', appPath(globexId, 'slack'), { session: superadmin, body: { state: 'uninstalled' } });
    expect((await server.request('system', 'DELETE', appPath(globexId, 'slack'), { session: superadmin })).status).toBe(204);
    expect(await storedApp(globexId, 'slack')).toBeUndefined();
    const again = await server.request('system', 'PUT', appPath(globexId, 'slack'), { session: superadmin, body: slack });
    expect(again.status).toBe(201);
    expect(await flags(globexId)).toMatchObject({ slack: true });
  });
});
