// The Apps screen's plugins (issue 14 sections 4-6): getPluginsInfo in the spec's order (the third
// entry is the transcription plugin with its enabled flag), the tenant-wide E2EE switch for tenant
// administrators (read by isPluginEnabled), each person's Gmail add-on (authorised through sign-in and
// consent at the portal's authorization server, its token then proving the person to addonUser)
// and Neosound switch, and the refusals: wrong role 403, bad input 400, other tenant untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userPlugins } from '../src/kernel/db/schema.ts';
import { isPluginEnabled } from '../src/plugins/plugins.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { cookieHeader, originOf, pkce, send } from './oauth-flow.ts';

let server: TestServer;
const callback = 'https://script.google.test/macros/d/SCRIPT/usercallback';
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeGuest: TestSession;
let globexAdmin: TestSession;

beforeAll(async () => {
  server = await startTestServer({ config: { apps: { neosoundBaseUrl: null, googleAddonCallbackUrl: callback } } });
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

/**
 * The add-on's authorization request (its OAuth2 library: public client `google-addon`, PKCE S256,
 * the registered callback implied), the consent screen's decision by `session`'s person, the add-on
 * page it lands on, whose 'Take me to' resumes to the callback.
 */
async function addonConsent(session: TestSession, decision: 'authorize' | 'decline', shown: 'authorized' | 'declined' = decision === 'authorize' ? 'authorized' : 'declined') {
  const { verifier, challenge } = pkce();
  const query = new URLSearchParams({ client_id: 'google-addon', response_type: 'code', scope: 'openid meetings:write', code_challenge: challenge, code_challenge_method: 'S256', state: 'AKfycb-state_123' });
  const start = await send(server, 'acme', 'GET', `/oidc/auth?${query}`);
  expect(start.status, start.text).toBe(303);
  const uid = new URL(start.headers.location!, originOf(server, 'acme')).searchParams.get('interaction')!;
  const view = await server.request('acme', 'GET', `/oauth/interactions/${uid}`, { session });
  expect(view.body).toMatchObject({ clientId: 'google-addon', clientName: 'Google add-on', scopes: ['meetings:write'] });
  const decided = await server.request('acme', 'POST', `/oauth/interactions/${uid}`, { session, body: { decision } });
  expect(decided.status, decided.text).toBe(200);
  // The add-on page shows the decision; its button resumes the authorization.
  const page = new URL(decided.body.redirectTo as string);
  expect(page.pathname).toBe('/portal/google-addon');
  expect(page.searchParams.get('result')).toBe(shown);
  const resumed = await send(server, 'acme', 'GET', new URL(page.searchParams.get('continue')!).pathname, { headers: { cookie: cookieHeader(start.headers) } });
  expect(resumed.status, resumed.text).toBe(303);
  const back = new URL(resumed.headers.location!);
  expect(`${back.origin}${back.pathname}`).toBe(callback);
  expect(back.searchParams.get('state')).toBe('AKfycb-state_123');
  return { back, verifier };
}

/** The add-on's server side redeems the code as the public client, with its verifier. */
const redeemAddonCode = (code: string, verifier: string) =>
  send(server, 'acme', 'POST', '/oidc/token', { form: { grant_type: 'authorization_code', client_id: 'google-addon', code, code_verifier: verifier, redirect_uri: callback } });

describe('the Gmail add-on', () => {
  it('is authorised through sign-in and consent; addonUser links the token\'s person only; Disable in Apps stops its tokens', async () => {
    const before = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('plugin_setup_required');

    const { back, verifier } = await addonConsent(acmeMember, 'authorize');
    const tokens = await redeemAddonCode(back.searchParams.get('code')!, verifier);
    expect(tokens.status, tokens.text).toBe(200);
    const bearer = { authorization: `Bearer ${tokens.json().access_token as string}` };
    expect((await info('acme', acmeMember)).body[1]).toMatchObject({ plugin: 'gmail-addon', enabled: true, hasAccount: true });

    const linked = await server.request('acme', 'PUT', '/users/addon-user', { headers: bearer, body: { state: 'AKfycb-state_123', workspaceUser: 'member.acme@gmail.test' } });
    expect(linked.status, linked.text).toBe(200);
    server.expectMatchesSpec('addonUser', 200, linked.body);
    expect(linked.body).toEqual({ authorized: true, userId: server.ids.users[userEmail('acme', 'member')], redirectUrl: `${callback}?state=AKfycb-state_123` });
    // The request cannot name another person: there is no such field.
    const naming = await server.request('acme', 'PUT', '/users/addon-user', { headers: bearer, body: { userId: server.ids.users[userEmail('acme', 'tenantadmin')] } });
    expect(naming.status).toBe(400);
    // The token acts for its person with its scope: their meetings, nothing of the administration.
    expect((await server.request('acme', 'GET', '/meetings', { headers: bearer })).status).toBe(200);
    // The person sees it among their authorised apps (Profile).
    const apps = await server.request('acme', 'GET', '/me/authorized-apps', { session: acmeMember });
    expect(apps.body.items).toEqual([expect.objectContaining({ clientId: 'google-addon', clientName: 'Google add-on', scopes: ['meetings:write'] })]);
    // Another person of the tenant is not affected; a token of acme is nothing at globex.
    expect((await info('acme', acmeAdmin)).body[1]).toMatchObject({ plugin: 'gmail-addon', enabled: false, hasAccount: false });
    expect((await server.request('globex', 'PUT', '/users/addon-user', { headers: bearer, body: {} })).status).toBe(401);

    const off = await server.request('acme', 'POST', '/apps/plugins/disable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(off.body).toMatchObject({ plugin: 'gmail-addon', enabled: false, hasAccount: true });
    expect((await server.request('acme', 'GET', '/meetings', { headers: bearer })).status).toBe(401);
    expect((await server.request('acme', 'PUT', '/users/addon-user', { headers: bearer, body: {} })).status).toBe(401);
    const refreshed = await send(server, 'acme', 'POST', '/oidc/token', { form: { grant_type: 'refresh_token', client_id: 'google-addon', refresh_token: tokens.json().refresh_token as string } });
    expect(refreshed.json().error).toBe('invalid_grant');
    // Enabled again, the old token stays dead: the add-on must be authorised again.
    const on = await server.request('acme', 'POST', '/apps/plugins/enable', { session: acmeMember, body: { plugin: 'gmail-addon' } });
    expect(on.body).toMatchObject({ plugin: 'gmail-addon', enabled: true });
    expect((await server.request('acme', 'GET', '/meetings', { headers: bearer })).status).toBe(401);
  });

  it('Decline shows the failure page and sends the add-on access_denied: nothing is switched on', async () => {
    const { back } = await addonConsent(acmeAdmin, 'decline');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect((await info('acme', acmeAdmin)).body[1]).toMatchObject({ plugin: 'gmail-addon', enabled: false, hasAccount: false });
  });

  it('cannot be authorized by a person without an Apps permission: the page says it failed, nothing is granted or switched on', async () => {
    const { back } = await addonConsent(acmeGuest, 'authorize', 'declined');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const apps = await server.request('acme', 'GET', '/me/authorized-apps', { session: acmeGuest });
    expect(apps.status, apps.text).toBe(200);
    expect(apps.body.items).toEqual([]);
    const switched = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.select().from(userPlugins).where(eq(userPlugins.userId, server.ids.users[userEmail('acme', 'guest')]!)),
    );
    expect(switched).toEqual([]);
  });

  it('refuses a browser session or a guest (403), and a malformed field (400)', async () => {
    const session = await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: { state: 'abc' } });
    expect(session.status).toBe(403);
    expect(session.body.code).toBe('addon_token_required');
    expect((await server.request('acme', 'PUT', '/users/addon-user', { session: acmeGuest, body: { state: 'abc' } })).status).toBe(403);
    const bad = await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: { state: 'has spaces <script>' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'state', code: 'invalid_value' });
    expect((await server.request('acme', 'PUT', '/users/addon-user', { session: acmeMember, body: { workspaceUser: 'two words' } })).status).toBe(400);
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
