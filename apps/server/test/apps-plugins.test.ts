// The Apps screen's plugins (issue 14 sections 4-6): getPluginsInfo in the spec's order (the third
// entry is the transcription plugin with its enabled flag), the tenant-wide E2EE switch for tenant
// administrators (read by isPluginEnabled), each person's Gmail add-on (authorised with addonUser)
// and Neosound switch, and the refusals: wrong role 403, bad input 400, other tenant untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPluginEnabled } from '../src/apps/plugins.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeGuest: TestSession;
let globexAdmin: TestSession;

beforeAll(async () => {
  server = await startTestServer({ config: { apps: { neosoundBaseUrl: null, googleAddonCallbackUrl: 'https://script.google.test/macros/d/SCRIPT/usercallback' } } });
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  acmeGuest = await server.login('acme', userEmail('acme', 'guest'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
});

afterAll(async () => {
  await server?.close();
});

const info = (tenant: 'acme' | 'globex', session: TestSession) => server.request(tenant, 'POST', '/apps/plugins/info', { session });
const e2eeOf = (tenant: 'acme' | 'globex') => server.database.withTenant(server.ids.tenants[tenant], (tx) => isPluginEnabled(tx, server.ids.tenants[tenant], 'e2ee'));

describe('getPluginsInfo', () => {
  it('lists Slack, the Gmail add-on, Neosound (third, with its enabled flag) and E2EE, as a member sees them', async () => {
    const answer = await info('acme', acmeMember);
    expect(answer.status).toBe(200);
    server.expectMatchesSpec('getPluginsInfo', 200, answer.body);
    expect(answer.body.map((entry: { plugin: string }) => entry.plugin)).toEqual(['slack', 'gmail-addon', 'neosound', 'e2ee']);
    expect(answer.body[2]).toEqual({ plugin: 'neosound', scope: 'user', available: false, enabled: false, canManage: true, hasAccount: false });
    expect(answer.body[3]).toEqual({ plugin: 'e2ee', scope: 'tenant', available: true, enabled: false, canManage: false, hasAccount: false });
  });

  it('lets the tenant administrator manage the E2EE app', async () => {
    const answer = await info('acme', acmeAdmin);
    expect(answer.body[3]).toMatchObject({ plugin: 'e2ee', canManage: true });
  });

  it('refuses a guest (no apps permission)', async () => {
    expect((await info('acme', acmeGuest)).status).toBe(403);
  });
});

describe('the end-to-end encryption app', () => {
  it('is switched on and off for the whole tenant by its administrator, not for another tenant', async () => {
    const on = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeAdmin, body: { plugin: 'e2ee' } });
    expect(on.status).toBe(200);
    server.expectMatchesSpec('enablePlugin', 200, on.body);
    expect(on.body).toMatchObject({ plugin: 'e2ee', scope: 'tenant', enabled: true });
    expect(await e2eeOf('acme')).toBe(true);
    expect(await e2eeOf('globex')).toBe(false);
    expect((await info('acme', acmeMember)).body[3].enabled).toBe(true);
    expect((await info('globex', globexAdmin)).body[3].enabled).toBe(false);

    const off = await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeAdmin, body: { plugin: 'e2ee' } });
    expect(off.status).toBe(200);
    server.expectMatchesSpec('disablePlugin', 200, off.body);
    expect(off.body.enabled).toBe(false);
    expect(await e2eeOf('acme')).toBe(false);
  });

  it('refuses a member (403) and a guest (403)', async () => {
    expect((await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'e2ee' } })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeMember, body: { plugin: 'e2ee' } })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeGuest, body: { plugin: 'e2ee' } })).status).toBe(403);
    expect(await e2eeOf('acme')).toBe(false);
  });

  it('answers 400 for an unknown plugin or a missing one', async () => {
    const unknown = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeAdmin, body: { plugin: 'teams' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'plugin', code: 'invalid_value' });
    expect((await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeAdmin, body: {} })).status).toBe(400);
  });
});

describe('the Gmail add-on', () => {
  it('is authorised by addonUser with the add-on state, answered with the callback, then disabled and enabled again', async () => {
    const before = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('plugin_setup_required');

    const authorized = await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: { state: 'AKfycb-state_123' } });
    expect(authorized.status).toBe(200);
    server.expectMatchesSpec('addonUser', 200, authorized.body);
    expect(authorized.body).toEqual({ authorized: true, redirectUrl: 'https://script.google.test/macros/d/SCRIPT/usercallback?state=AKfycb-state_123' });
    expect((await info('acme', acmeMember)).body[1]).toMatchObject({ plugin: 'gmail-addon', enabled: true, hasAccount: true });
    // Another person of the tenant is not affected.
    expect((await info('acme', acmeAdmin)).body[1]).toMatchObject({ plugin: 'gmail-addon', enabled: false, hasAccount: false });

    const off = await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(off.body).toMatchObject({ plugin: 'gmail-addon', enabled: false, hasAccount: true });
    const on = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(on.body).toMatchObject({ plugin: 'gmail-addon', enabled: true });
  });

  it('refuses a malformed state (400) and a guest (403)', async () => {
    const bad = await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: { state: 'has spaces <script>' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'state', code: 'invalid_value' });
    expect((await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: {} })).status).toBe(400);
    expect((await server.request('acme', 'PUT', '/users/addon-user', { session: acmeGuest, body: { state: 'abc' } })).status).toBe(403);
  });
});

describe('switching Neosound and Slack here', () => {
  it('needs the Neosound account first (409), and sends Slack to its own calls (409)', async () => {
    const neosound = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'neosound' } });
    expect(neosound.status).toBe(409);
    expect(neosound.body.code).toBe('neosound_unavailable');
    const slack = await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeMember, body: { plugin: 'slack' } });
    expect(slack.status).toBe(409);
    expect(slack.body.code).toBe('plugin_setup_required');
    // Disabling what was never on succeeds.
    const off = await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeMember, body: { plugin: 'neosound' } });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
  });
});
