// The portal as an authorization server for developer clients (src/oauth), over real HTTP at
// /oidc: discovery and JWKS, authorization code with PKCE S256 only, exact redirect URIs, codes
// used once even under 20 concurrent redemptions, refresh-token rotation, revocation, and the
// access token at /api/v1 as Bearer: its scopes intersected with the user's permissions, in its
// own tenant only.
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { devClients, loginAttempts } from '../src/kernel/db/schema.ts';
import { loginThrottle } from '../src/kernel/throttle/password-guesses.ts';
import { decideInteraction, describeInteraction } from '../src/oauth/interactions.ts';
import { platformClientRules } from '../src/app/platform-client-rules.ts';
import { listOperations, loadSpec } from '../src/kernel/http/openapi.ts';
import { apiScopes, permissionsOfScope } from '../src/oauth/scopes.ts';
import { acmeClient, startTestServer, userEmail, type TestServer } from './harness.ts';
import { meetingBody } from './meetings-fixtures.ts';
import { cookieHeader, originOf, pkce, send as sendTo } from './oauth-flow.ts';

let server: TestServer;
const redirectUri = 'https://app.example.com/callback';
const globexClient = { clientId: 'globex-client', secret: 'Globex-Secret-5678' };

const send = (tenant: string, method: string, path: string, options: { headers?: Record<string, string>; form?: Record<string, string> } = {}) => sendTo(server, tenant, method, path, options);
const origin = (tenant: string) => originOf(server, tenant);

const basic = (client: { clientId: string; secret: string }) => `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;

type Flow = { tenant?: 'acme' | 'globex'; client?: { clientId: string; secret: string }; scope?: string; email?: string };

/** Authorization request → the portal's consent screen → Authorize → the redirect URI with a code. */
async function authorize(flow: Flow = {}): Promise<{ code: string; verifier: string; state: string; view: Record<string, unknown>; cookies: string }> {
  const tenant = flow.tenant ?? 'acme';
  const client = flow.client ?? acmeClient;
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: flow.scope ?? 'openid profile meetings:read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  const start = await send(tenant, 'GET', `/oidc/auth?${query}`);
  expect(start.status, start.text).toBe(303);
  const consent = new URL(start.headers.location!, origin(tenant));
  expect(consent.pathname).toBe('/portal/slack-authorization');
  const uid = consent.searchParams.get('interaction')!;
  // The portal's consent screen, as the signed-in member.
  const session = await server.login(tenant, flow.email ?? userEmail(tenant, 'member'));
  const view = await server.request(tenant, 'GET', `/oauth/interactions/${uid}`, { session });
  expect(view.status, view.text).toBe(200);
  expect(view.body.clientId).toBe(client.clientId);
  const decided = await server.request(tenant, 'POST', `/oauth/interactions/${uid}`, { session, body: { decision: 'authorize' } });
  expect(decided.status, decided.text).toBe(200);
  const returnTo: string = decided.body.redirectTo;
  const resumed = await send(tenant, 'GET', new URL(returnTo).pathname, { headers: { cookie: cookieHeader(start.headers) } });
  expect(resumed.status, resumed.text).toBe(303);
  const back = new URL(resumed.headers.location!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code')!, verifier, state, view: view.body as Record<string, unknown>, cookies: cookieHeader(resumed.headers, cookieHeader(start.headers)) };
}

const redeem = (code: string, verifier: string | undefined, tenant: 'acme' | 'globex' = 'acme', client = acmeClient as { clientId: string; secret: string }, uri = redirectUri) =>
  send(tenant, 'POST', '/oidc/token', {
    headers: { authorization: basic(client) },
    form: { grant_type: 'authorization_code', code, redirect_uri: uri, ...(verifier ? { code_verifier: verifier } : {}) },
  });

const refresh = (refreshToken: string) =>
  send('acme', 'POST', '/oidc/token', { headers: { authorization: basic(acmeClient) }, form: { grant_type: 'refresh_token', refresh_token: refreshToken } });

const meetingsWith = (token: string, tenant: 'acme' | 'globex' = 'acme') => server.request(tenant, 'GET', '/meetings', { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  server = await startTestServer();
  await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.update(devClients).set({ redirectUris: [redirectUri] }).where(eq(devClients.clientId, acmeClient.clientId)));
  const secretHash = await hashPassword(globexClient.secret);
  await server.database.withTenant(server.ids.tenants.globex, (tx) =>
    tx.insert(devClients).values({ tenantId: server.ids.tenants.globex, name: 'Globex app', clientId: globexClient.clientId, secretHash, roleId: server.ids.roles.globex.member!, redirectUris: [redirectUri] }),
  );
});

afterAll(async () => {
  await server?.close();
});

describe('discovery and keys', () => {
  it('publishes the discovery document and a JWKS with the tenant issuer, S256 only', async () => {
    const res = await send('acme', 'GET', '/oidc/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${origin('acme')}/oidc`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.revocation_endpoint).toBe(`${origin('acme')}/oidc/token/revocation`);
    const jwks = await send('acme', 'GET', '/oidc/jwks');
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.text).not.toContain('"d"');
  });
});

describe('authorization code with PKCE', () => {
  it('refuses an authorization request without PKCE or with plain', async () => {
    const base = { client_id: acmeClient.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state: 's' };
    for (const extra of [{}, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }] as Record<string, string>[]) {
      const res = await send('acme', 'GET', `/oidc/auth?${new URLSearchParams({ ...base, ...extra })}`);
      expect(res.status).toBe(303);
      const back = new URL(res.headers.location!);
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses a redirect URI with one character changed, at authorization and at the token endpoint', async () => {
    const { challenge } = pkce();
    const changed = redirectUri.replace('callback', 'callbacK');
    const res = await send('acme', 'GET', `/oidc/auth?${new URLSearchParams({ client_id: acmeClient.clientId, redirect_uri: changed, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json().error).toBe('invalid_redirect_uri');
    const { code, verifier } = await authorize();
    const token = await redeem(code, verifier, 'acme', acmeClient, changed);
    expect(token.status).toBe(400);
    expect(token.json().error).toBe('invalid_grant');
  });

  it("answers a developer client's next request in the same browser without the consent screen (its grant is kept; only the Slack app always asks)", async () => {
    const first = await authorize();
    expect(first.view.slackLink).toBeUndefined();
    const { challenge } = pkce();
    const query = new URLSearchParams({ client_id: acmeClient.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid profile meetings:read', code_challenge: challenge, code_challenge_method: 'S256', state: 'again' });
    const again = await send('acme', 'GET', `/oidc/auth?${query}`, { headers: { cookie: first.cookies } });
    expect(again.status, again.text).toBe(303);
    const back = new URL(again.headers.location!, origin('acme'));
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('refuses a code redeemed without its verifier, or with a wrong one', async () => {
    const { code } = await authorize();
    expect((await redeem(code, undefined)).json().error).toBe('invalid_grant');
    const other = await authorize();
    expect((await redeem(other.code, pkce().verifier)).json().error).toBe('invalid_grant');
  });

  it('issues tokens once for a code redeemed by 20 concurrent requests, and revokes them', async () => {
    const { code, verifier } = await authorize();
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(code, verifier)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const lost of answers.filter((answer) => answer.status !== 200)) expect(lost.json().error).toBe('invalid_grant');
    // A second redemption revoked what the first issued.
    for (const answer of won) expect((await meetingsWith(answer.json().access_token)).status).toBe(401);
    const again = await redeem(code, verifier);
    expect(again.json().error).toBe('invalid_grant');
  });
});

describe('tokens', () => {
  it('a token lists the member\'s meetings at /api/v1, rotates its refresh token, and is refused once revoked', async () => {
    const { code, verifier } = await authorize();
    const res = await redeem(code, verifier);
    expect(res.status, res.text).toBe(200);
    const tokens = res.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: expect.stringContaining('meetings:read') });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.id_token).toEqual(expect.any(String));
    expect((await meetingsWith(tokens.access_token)).status).toBe(200);

    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status, rotated.text).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await meetingsWith(next.access_token)).status).toBe(200);
    // The old refresh token is refused once used (and its reuse ends the grant).
    expect((await refresh(tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(next.refresh_token)).json().error).toBe('invalid_grant');
    expect((await meetingsWith(next.access_token)).status).toBe(401);
  });

  it('a revoked access or refresh token is refused', async () => {
    const { code, verifier } = await authorize();
    const tokens = (await redeem(code, verifier)).json();
    const revoke = (token: string) => send('acme', 'POST', '/oidc/token/revocation', { headers: { authorization: basic(acmeClient) }, form: { token } });
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((await meetingsWith(tokens.access_token)).status).toBe(401);
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('a token of tenant A is 401 at tenant B, and cannot be redeemed there', async () => {
    const { code, verifier } = await authorize();
    const tokens = (await redeem(code, verifier)).json();
    expect((await meetingsWith(tokens.access_token, 'globex')).status).toBe(401);
    const other = await authorize();
    expect((await redeem(other.code, other.verifier, 'globex', globexClient)).json().error).toBe('invalid_grant');
    expect((await meetingsWith(tokens.access_token)).status).toBe(200);
    const globex = await authorize({ tenant: 'globex', client: globexClient });
    const globexTokens = (await redeem(globex.code, globex.verifier, 'globex', globexClient)).json();
    expect((await meetingsWith(globexTokens.access_token, 'globex')).status).toBe(200);
    expect((await meetingsWith(globexTokens.access_token, 'acme')).status).toBe(401);
  });

  it('can do what its scopes allow and the user may: view meetings cannot schedule', async () => {
    const read = await authorize({ scope: 'openid meetings:read' });
    const readToken = (await redeem(read.code, read.verifier)).json().access_token;
    const schedule = (token: string) => server.request('acme', 'POST', '/meetings', { headers: { authorization: `Bearer ${token}` }, body: meetingBody() });
    expect((await schedule(readToken)).status).toBe(403);
    const write = await authorize({ scope: 'openid meetings:write' });
    const writeToken = (await redeem(write.code, write.verifier)).json().access_token;
    expect((await schedule(writeToken)).status).toBe(201);
    // No meeting scope: not even the list; the profile scope reads the user's profile, nothing else.
    const none = await authorize({ scope: 'openid profile' });
    const profileToken = (await redeem(none.code, none.verifier)).json().access_token;
    expect((await meetingsWith(profileToken)).status).toBe(403);
    const profile = await server.request('acme', 'GET', '/me/profile', { headers: { authorization: `Bearer ${profileToken}` } });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/me/profile', { headers: { authorization: `Bearer ${readToken}` } })).status).toBe(403);
  });
});

describe('wrong client secrets', () => {
  it('answers 429 with Retry-After past the limit, even to the right secret, and takes the right one again after the window', async () => {
    const wrong = { clientId: acmeClient.clientId, secret: 'not-the-secret' };
    const tryRefresh = (client: { clientId: string; secret: string }) =>
      send('acme', 'POST', '/oidc/token', { headers: { authorization: basic(client) }, form: { grant_type: 'refresh_token', refresh_token: 'unknown-refresh-token' } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof tryRefresh>> | undefined;
    for (let i = 0; i < 30; i++) {
      last = await tryRefresh(wrong);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, loginThrottle.maxAttempts)).toEqual(Array(loginThrottle.maxAttempts).fill(401));
    expect(statuses.slice(loginThrottle.maxAttempts)).toEqual(Array(30 - loginThrottle.maxAttempts).fill(429));
    expect(last!.json().error).toBe('too_many_attempts');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Locked from this address: not even the right secret is checked.
    const { code, verifier } = await authorize();
    expect((await redeem(code, verifier)).status).toBe(429);
    // After the window the owner's right secret works again (the window's start moved back instead of waiting).
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.update(loginAttempts).set({ windowStart: new Date(Date.now() - loginThrottle.windowMs - 1000) }).where(like(loginAttempts.email, `%${acmeClient.clientId}%`)),
    );
    const again = await authorize();
    const redeemed = await redeem(again.code, again.verifier);
    expect(redeemed.status, redeemed.text).toBe(200);
  });
});

describe('scopes per operation', () => {
  const withToken = (token: string, method: string, path: string) => server.request('acme', method, path, { headers: { authorization: `Bearer ${token}` } });

  it('GET /me answers a token with the profile scope, and refuses one without it', async () => {
    const granted = await authorize({ scope: 'openid profile meetings:read' });
    const token = (await redeem(granted.code, granted.verifier)).json().access_token;
    const me = await withToken(token, 'GET', '/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ email: userEmail('acme', 'member'), tenant: { sname: 'acme' } });
    // The token's permissions, not the user's: its scopes cut them down.
    expect(me.body.permissions).toContain('meeting.schedule.get');
    expect(me.body.permissions).not.toContain('meeting.put');
    const meetingsOnly = await authorize({ scope: 'openid meetings:read' });
    const meetingsToken = (await redeem(meetingsOnly.code, meetingsOnly.verifier)).json().access_token;
    const refused = await withToken(meetingsToken, 'GET', '/me');
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="profile"');
  });

  it('refuses a token, whatever its scopes, at operations the contract opens to no scope (two-factor, sessions, permissions tree)', async () => {
    const granted = await authorize({ scope: 'openid profile meetings:write recordings:read phone:read' });
    const token = (await redeem(granted.code, granted.verifier)).json().access_token;
    for (const [method, path] of [['GET', '/me/two-factor'], ['GET', '/me/sessions'], ['GET', '/me/permissions']] as const) {
      expect((await withToken(token, method, path)).status, path).toBe(403);
    }
    expect((await withToken(token, 'GET', '/meetings')).status).toBe(200);
  });

  it("documents in the contract, as x-oauth-scopes, exactly the scopes whose permissions include the operation's", () => {
    for (const operation of listOperations(loadSpec())) {
      if (operation.permission === 'public' || operation.permission === 'authenticated') continue;
      const expected = Object.keys(apiScopes).concat('profile').filter((scope) => permissionsOfScope(scope).has(operation.permission));
      expect([...operation.oauthScopes].sort(), operation.operationId).toEqual(expected.sort());
    }
  });
});

describe('consent', () => {
  const startAuthorization = async (scope = 'openid meetings:read') => {
    const start = await send('acme', 'GET', `/oidc/auth?${new URLSearchParams({ client_id: acmeClient.clientId, redirect_uri: redirectUri, response_type: 'code', scope, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 'st' })}`);
    return new URL(start.headers.location!, origin('acme')).searchParams.get('interaction')!;
  };

  it('only a browser session of the tenant answers a consent: 401 signed out, 403 bearer, 404 other tenant or unknown, 400 bad decision', async () => {
    const uid = await startAuthorization();
    expect((await server.request('acme', 'GET', `/oauth/interactions/${uid}`)).status).toBe(401);
    const { code, verifier } = await authorize();
    const token = (await redeem(code, verifier)).json().access_token;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await server.request('acme', 'GET', `/oauth/interactions/${uid}`, { headers: bearer })).status).toBe(403);
    expect((await server.request('acme', 'POST', `/oauth/interactions/${uid}`, { headers: bearer, body: { decision: 'authorize' } })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/me/authorized-apps', { headers: bearer })).status).toBe(403);
    const globex = await server.login('globex', userEmail('globex', 'member'));
    expect((await server.request('globex', 'GET', `/oauth/interactions/${uid}`, { session: globex })).status).toBe(404);
    expect((await server.request('globex', 'POST', `/oauth/interactions/${uid}`, { session: globex, body: { decision: 'authorize' } })).status).toBe(404);
    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/oauth/interactions/unknownInteraction1', { session: member })).status).toBe(404);
    const bad = await server.request('acme', 'POST', `/oauth/interactions/${uid}`, { session: member, body: { decision: 'maybe' } });
    expect(bad.status).toBe(400);
    expect((await server.request('acme', 'GET', '/oauth/interactions/bad!id', { session: member })).status).toBe(400);
  });

  it('the profile lists the apps a person authorised and revokes one: its tokens stop at once', async () => {
    const { code, verifier } = await authorize({ email: userEmail('acme', 'admin'), scope: 'openid profile meetings:read recordings:read' });
    const tokens = (await redeem(code, verifier)).json();
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const list = await server.request('acme', 'GET', '/me/authorized-apps', { session: admin });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ clientId: acmeClient.clientId, clientName: 'Acme client', scopes: ['meetings:read', 'recordings:read'], userInformation: true })]);
    // Another person's list does not show it; another tenant's cannot revoke it.
    const owner = await server.login('acme', userEmail('acme', 'tenantadmin'));
    expect((await server.request('acme', 'GET', '/me/authorized-apps', { session: owner })).body.items).toEqual([]);
    const globex = await server.login('globex', userEmail('globex', 'admin'));
    expect((await server.request('globex', 'DELETE', `/me/authorized-apps/${acmeClient.clientId}`, { session: globex })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', `/me/authorized-apps/${'x'.repeat(101)}`, { session: admin })).status).toBe(400);
    expect((await meetingsWith(tokens.access_token)).status).toBe(200);
    expect((await server.request('acme', 'DELETE', `/me/authorized-apps/${acmeClient.clientId}`, { session: admin })).status).toBe(204);
    expect((await meetingsWith(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect((await server.request('acme', 'GET', '/me/authorized-apps', { session: admin })).body.items).toEqual([]);
    expect((await server.request('acme', 'DELETE', `/me/authorized-apps/${acmeClient.clientId}`, { session: admin })).status).toBe(404);
  });

  it('Decline sends the browser back with access_denied', async () => {
    const { challenge } = pkce();
    const start = await send('acme', 'GET', `/oidc/auth?${new URLSearchParams({ client_id: acmeClient.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid meetings:read recordings:read', code_challenge: challenge, code_challenge_method: 'S256', state: 'st' })}`);
    const uid = new URL(start.headers.location!, origin('acme')).searchParams.get('interaction')!;
    const where = { tenantId: server.ids.tenants.acme, origin: origin('acme') };
    expect(await describeInteraction(server.app, platformClientRules, where, uid)).toMatchObject({ clientName: 'Acme client', scopes: ['meetings:read', 'recordings:read'], userInformation: false });
    const returnTo = await decideInteraction(server.app, platformClientRules, where, uid, { userId: server.ids.users[userEmail('acme', 'member')]!, permissions: new Set() }, 'decline');
    const resumed = await send('acme', 'GET', new URL(returnTo).pathname, { headers: { cookie: cookieHeader(start.headers) } });
    const back = new URL(resumed.headers.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st');
  });
});
