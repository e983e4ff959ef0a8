// The Slack app (issue 14 section 2) against a local stand-in for Slack's Web API: the official
// client (@slack/web-api) is pointed at it with the `apiUrl` setting (SLACK_API_URL), and slash
// commands are signed exactly as Slack signs them (v0 HMAC-SHA256 of "v0:<timestamp>:<body>").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenantPlugin } from '../src/plugins/plugins.ts';
import { jobs, meetings, meetingSessions, oauthRecords, recordings, slackInstallations, slackMeetingChannels, slackUserLinks, tenantApps } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { slackSignature } from '../src/slack/signature.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { slackStandIn } from './slack-stand-in.ts';
import { cookieHeader, originOf, send } from './oauth-flow.ts';

const signingSecret = 'slack-signing-secret-for-tests';
const acmeTeam = 'T0ACME0001';
const globexTeam = 'T0GLOBEX01';

const slack = slackStandIn({ clientId: 'slack-client', clientSecret: 'slack-client-secret' });
let server: TestServer;
let now = new Date('2026-11-25T12:00:00Z');
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeGuest: TestSession;
let globexAdmin: TestSession;

beforeAll(async () => {
  const port = await slack.listen();
  server = await startTestServer({
    clock: () => now,
    config: {
      slack: { clientId: 'slack-client', clientSecret: 'slack-client-secret', signingSecret, apiUrl: `http://127.0.0.1:${port}/api/`, authorizeUrl: 'https://slack.test/oauth/v2/authorize' },
    },
  });
  for (const [tenant, teamId, command] of [
    ['acme', acmeTeam, '/acme-meet'],
    ['globex', globexTeam, '/globex-meet'],
  ] as const) {
    const tenantId = server.ids.tenants[tenant];
    await server.database.withTenant(tenantId, (tx) => tx.insert(tenantApps).values({ tenantId, app: 'slack', settings: { teamId, command } }));
  }
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  acmeGuest = await server.login('acme', userEmail('acme', 'guest'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
});

afterAll(async () => {
  await server?.close();
  await slack.close();
});

/** Posts a slash command the way Slack does: form-encoded, signed, timestamped `at`. */
function slashCommand(fields: Record<string, string>, options: { at?: Date; secret?: string; host?: string } = {}) {
  const body = new URLSearchParams({ token: 'legacy', team_domain: 'acme', channel_name: 'general', trigger_id: '1.2.3', ...fields }).toString();
  const timestamp = String(Math.floor((options.at ?? now).getTime() / 1000));
  return server.request('acme', 'POST', '/apps/slack/messages', {
    rawBody: body,
    contentType: 'application/x-www-form-urlencoded',
    headers: { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': slackSignature(options.secret ?? signingSecret, timestamp, body) },
    ...(options.host ? { host: options.host } : {}),
  });
}

const stateOf = (url: string) => new URL(url).searchParams.get('state')!;

/**
 * Follows the slash command's link as a browser: the authorization request of the Slack client, the
 * consent screen answered by `session`'s person, then back to slack-authentication with the code
 * (or the error) and the state, the sealed link.
 */
async function slackConsent(text: string, session: TestSession, decision: 'authorize' | 'decline', jar = '') {
  const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
  const start = await send(server, 'acme', 'GET', `${link.pathname}${link.search}`, jar ? { headers: { cookie: jar } } : {});
  expect(start.status, start.text).toBe(303);
  expect(start.headers.location, 'the consent screen is shown').toMatch(/^\/portal\/slack-authorization\?interaction=/);
  const uid = new URL(start.headers.location!, originOf(server, 'acme')).searchParams.get('interaction')!;
  const view = (await server.request('acme', 'GET', `/oauth/interactions/${uid}`, { session })).body as Record<string, unknown>;
  const decided = await server.request('acme', 'POST', `/oauth/interactions/${uid}`, { session, body: { decision } });
  expect(decided.status, decided.text).toBe(200);
  const resumed = await send(server, 'acme', 'GET', new URL(decided.body.redirectTo as string).pathname, { headers: { cookie: cookieHeader(start.headers, jar) } });
  expect(resumed.status, resumed.text).toBe(303);
  const back = new URL(resumed.headers.location!);
  expect(`${back.origin}${back.pathname}`).toBe(`${originOf(server, 'acme')}/portal/slack-authentication`);
  expect(back.searchParams.get('consent')).toBe('slack');
  // The browser's cookies afterwards (the provider's session of the signed-in person).
  const cookies = cookieHeader(resumed.headers, cookieHeader(start.headers, jar));
  return { view, token: back.searchParams.get('state')!, code: back.searchParams.get('code'), error: back.searchParams.get('error'), cookies };
}

describe('Slack status and install addresses', () => {
  it('tells a member the tenant has Slack with its command, nothing installed yet', async () => {
    const answer = await server.request('acme', 'GET', '/apps/slack', { session: acmeMember });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ available: true, enabled: true, teamId: acmeTeam, command: '/acme-meet', workspaceInstalled: false, linked: false, ownInstall: false });
    server.expectMatchesSpec('getSlackStatus', 200, answer.body);
  });

  it("gives a member the address for 'Add to ONLY my Slack account': user scopes, back to slack-authentication", async () => {
    const answer = await server.request('acme', 'GET', '/apps/slack/install-url', { session: acmeMember });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url);
    expect(url.origin + url.pathname).toBe('https://slack.test/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe('slack-client');
    expect(url.searchParams.get('user_scope')).toBe('chat:write');
    expect(url.searchParams.get('scope')).toBe('');
    expect(url.searchParams.get('team')).toBe(acmeTeam);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/acme\.portal\.test:\d+\/portal\/slack-authentication$/);
  });

  it('gives an administrator the workspace install address (bot scopes, back to slack-install); a member may not', async () => {
    const answer = await server.request('acme', 'POST', '/apps/install-url', { session: acmeAdmin, body: { app: 'slack' } });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url);
    expect(url.searchParams.get('scope')).toBe('commands,chat:write,chat:write.public');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/portal\/slack-install$/);
    expect((await server.request('acme', 'POST', '/apps/install-url', { session: acmeMember, body: { app: 'slack' } })).status).toBe(403);
    const bad = await server.request('acme', 'POST', '/apps/install-url', { session: acmeAdmin, body: { app: 'teams' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'app', code: 'invalid_value' });
  });

  it('refuses a guest (no apps.slack) every call', async () => {
    expect((await server.request('acme', 'GET', '/apps/slack', { session: acmeGuest })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/apps/slack/install-url', { session: acmeGuest })).status).toBe(403);
    expect((await server.request('acme', 'PUT', '/apps/slack/authorization', { session: acmeGuest, body: { code: 'x', state: 'y' } })).status).toBe(403);
    expect((await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeGuest, body: { token: 'x' } })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', '/apps/slack/user', { session: acmeGuest })).status).toBe(403);
  });
});

describe('installing', () => {
  it('refuses a state of another tenant (400 invalid_state), a bad code and another workspace (409 slack_install_failed)', async () => {
    const globexUrl = await server.request('globex', 'POST', '/apps/install-url', { session: globexAdmin, body: { app: 'slack' } });
    const acmeUrl = await server.request('acme', 'POST', '/apps/install-url', { session: acmeAdmin, body: { app: 'slack' } });
    const crossed = await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeAdmin, body: { code: `workspace:${acmeTeam}:UADMIN`, state: stateOf(globexUrl.body.url) } });
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors[0]).toMatchObject({ field: 'state', code: 'invalid_state' });
    const badCode = await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeAdmin, body: { code: 'nonsense', state: stateOf(acmeUrl.body.url) } });
    expect(badCode.status).toBe(409);
    expect(badCode.body.code).toBe('slack_install_failed');
    const otherTeam = await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeAdmin, body: { code: `workspace:${globexTeam}:UADMIN`, state: stateOf(acmeUrl.body.url) } });
    expect(otherTeam.status).toBe(409);
    const empty = await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeAdmin, body: { code: '', state: stateOf(acmeUrl.body.url) } });
    expect(empty.status).toBe(400);
  });

  it('installs for the workspace with the code Slack hands back; the bot token is sealed; a member may not', async () => {
    const url = await server.request('acme', 'POST', '/apps/install-url', { session: acmeAdmin, body: { app: 'slack' } });
    expect((await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeMember, body: { code: `workspace:${acmeTeam}:UADMIN`, state: stateOf(url.body.url) } })).status).toBe(403);
    const answer = await server.request('acme', 'PUT', '/apps/slack/installation', { session: acmeAdmin, body: { code: `workspace:${acmeTeam}:UADMIN`, state: stateOf(url.body.url) } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workspaceInstalled: true, linked: true });
    const exchange = slack.calls.findLast((call) => call.method === 'oauth.v2.access')!;
    expect(exchange.params.redirect_uri).toMatch(/\/portal\/slack-install$/);
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(slackInstallations).where(eq(slackInstallations.kind, 'workspace')));
    expect(row!.botToken).not.toContain('xoxb');
    expect(server.app.secrets.open(row!.botToken!)).toBe(`xoxb-${acmeTeam}`);
  });

  it("adds the app to a member's own Slack account and links their Slack user (auth_slack_user)", async () => {
    const url = await server.request('acme', 'GET', '/apps/slack/install-url', { session: acmeMember });
    // A state made for the workspace install is not one for this call.
    const adminUrl = await server.request('acme', 'POST', '/apps/install-url', { session: acmeAdmin, body: { app: 'slack' } });
    expect((await server.request('acme', 'PUT', '/apps/slack/authorization', { session: acmeMember, body: { code: `user:${acmeTeam}:UMEMBER`, state: stateOf(adminUrl.body.url) } })).status).toBe(400);
    const refused = await server.request('acme', 'PUT', '/apps/slack/authorization', { session: acmeMember, body: { code: 'nonsense', state: stateOf(url.body.url) } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('slack_auth_failed');
    const answer = await server.request('acme', 'PUT', '/apps/slack/authorization', { session: acmeMember, body: { code: `user:${acmeTeam}:UMEMBER`, state: stateOf(url.body.url) } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ linked: true, ownInstall: true });
    server.expectMatchesSpec('authSlackUser', 200, answer.body);
  });
});

describe('the slash command', () => {
  it('refuses a bad signature, a stale timestamp (over five minutes) and a missing signature with 401', async () => {
    const fields = { team_id: acmeTeam, user_id: 'UMEMBER', command: '/acme-meet', channel_id: 'C1' };
    const forged = await slashCommand(fields, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('invalid_signature');
    const stale = await slashCommand(fields, { at: new Date(now.getTime() - 6 * 60_000) });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('stale_request');
    const unsigned = await server.request('acme', 'POST', '/apps/slack/messages', { rawBody: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });
    expect(unsigned.status).toBe(401);
  });

  it('asks an unlinked Slack user to sign in and authorize Slack; only the consent links them (connect_user), once', async () => {
    const answer = await slashCommand({ team_id: acmeTeam, user_id: 'UNEW', user_name: 'new.person', command: '/acme-meet', channel_id: 'C1' });
    expect(answer.status).toBe(200);
    expect(answer.body.response_type).toBe('ephemeral');
    expect(answer.body.text).toMatch(/^Sign in to the portal and authorize Slack first: http:\/\/acme\.portal\.test:\d+\/oidc\/auth\?/);
    const consent = await slackConsent(answer.body.text, acmeAdmin, 'authorize');
    expect(consent.view).toMatchObject({ clientId: 'slack', clientName: 'Slack', scopes: ['meetings:write'], slackLink: { teamId: acmeTeam, teamDomain: 'acme', userId: 'UNEW', userName: 'new.person' } });
    const { token, code } = consent;
    expect(code).not.toBeNull();
    // Nothing is linked before the page hands the code over.
    expect((await slashCommand({ team_id: acmeTeam, user_id: 'UNEW', command: '/acme-meet' })).body.response_type).toBe('ephemeral');
    expect((await server.request('globex', 'PUT', '/apps/slack/connection', { session: globexAdmin, body: { token, code } })).status).toBe(400);
    expect((await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeAdmin, body: { token: 'forged', code } })).status).toBe(400);
    expect((await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeAdmin, body: { token } })).status).toBe(400);
    expect((await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeGuest, body: { token, code } })).status).toBe(403);
    const linked = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeAdmin, body: { token, code } });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.linked).toBe(true);
    // The code is spent: a second use is refused.
    const again = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeAdmin, body: { token, code } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ field: 'code', code: 'invalid_code' });
    // Someone else's consent cannot link the caller; a Slack user linked to someone else stays theirs.
    const member = await slackConsent((await slashCommand({ team_id: acmeTeam, user_id: 'UOTHER', command: '/acme-meet' })).body.text, acmeMember, 'authorize');
    const notTheirs = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeAdmin, body: { token: member.token, code: member.code } });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.code).toBe('consent_of_another_user');
    // That refusal did not spend the member's code: the member still links UOTHER with it.
    const own = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeMember, body: { token: member.token, code: member.code } });
    expect(own.status, own.text).toBe(200);
    expect(own.body.linked).toBe(true);
    const taken = await slackConsent(answer.body.text, acmeMember, 'authorize');
    const other = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeMember, body: { token: taken.token, code: taken.code } });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('slack_user_linked');
  });

  it('names the Slack user and workspace of the sealed link on the consent screen, which is never skipped, not even right after a consent', async () => {
    const first = await slashCommand({ team_id: acmeTeam, user_id: 'UNAMED', user_name: 'ann.lee', team_domain: 'acme-corp', command: '/acme-meet' });
    const consent = await slackConsent(first.body.text, acmeMember, 'authorize');
    expect(consent.view.slackLink).toEqual({ teamId: acmeTeam, teamDomain: 'acme-corp', userId: 'UNAMED', userName: 'ann.lee' });
    // The same browser, signed in at the provider and its grant not yet spent: a second link still asks, naming its own Slack user.
    const second = await slashCommand({ team_id: acmeTeam, user_id: 'USENDER', user_name: 'sender', team_domain: 'acme-corp', command: '/acme-meet' });
    const secondConsent = await slackConsent(second.body.text, acmeMember, 'decline', consent.cookies);
    expect(secondConsent.view.slackLink).toEqual({ teamId: acmeTeam, teamDomain: 'acme-corp', userId: 'USENDER', userName: 'sender' });
    expect(secondConsent.error).toBe('access_denied');
    // Spending the code deletes the Slack client's grant of that consent; the next link asks again.
    const grants = () =>
      server.database.withTenant(server.ids.tenants.acme, (tx) =>
        tx.select({ id: oauthRecords.id }).from(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.clientId, 'slack'), eq(oauthRecords.accountId, server.ids.users[userEmail('acme', 'member')]!))),
      );
    const before = (await grants()).length;
    const linked = await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeMember, body: { token: consent.token, code: consent.code } });
    expect(linked.status, linked.text).toBe(200);
    expect((await grants()).length).toBe(before - 1);
    const third = await slackConsent(second.body.text, acmeMember, 'decline', secondConsent.cookies);
    expect(third.view.slackLink).toMatchObject({ userId: 'USENDER' });
    // A name never comes from the browser: a request without the sealed link has no consent screen to answer.
    const forged = new URL(/https?:\/\/\S+/.exec(second.body.text)![0]);
    forged.searchParams.set('state', 'USENDER');
    const start = await send(server, 'acme', 'GET', `${forged.pathname}${forged.search}`);
    const uid = new URL(start.headers.location!, originOf(server, 'acme')).searchParams.get('interaction')!;
    expect((await server.request('acme', 'GET', `/oauth/interactions/${uid}`, { session: acmeMember })).status).toBe(404);
    expect((await server.request('acme', 'POST', `/oauth/interactions/${uid}`, { session: acmeMember, body: { decision: 'authorize' } })).status).toBe(404);
  });

  it('checks the workspace and an existing link before spending the code: a refused link keeps the consent', async () => {
    const acmeId = server.ids.tenants.acme;
    const answer = await slashCommand({ team_id: acmeTeam, user_id: 'UKEEPS', user_name: 'keeps', command: '/acme-meet' });
    const consent = await slackConsent(answer.body.text, acmeMember, 'authorize');
    const connect = () => server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeMember, body: { token: consent.token, code: consent.code } });
    const setTeam = (teamId: string) => server.database.withTenant(acmeId, (tx) => tx.update(tenantApps).set({ settings: { teamId, command: '/acme-meet' } }).where(and(eq(tenantApps.tenantId, acmeId), eq(tenantApps.app, 'slack'))));
    await setTeam('T0ELSEWHERE');
    const uninstalled = await connect();
    await setTeam(acmeTeam);
    expect(uninstalled.status).toBe(409);
    expect(uninstalled.body.code).toBe('slack_unavailable');
    await server.database.withTenant(acmeId, (tx) => tx.insert(slackUserLinks).values({ tenantId: acmeId, teamId: acmeTeam, slackUserId: 'UKEEPS', userId: server.ids.users[userEmail('acme', 'tenantadmin')]! }));
    const taken = await connect();
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('slack_user_linked');
    await server.database.withTenant(acmeId, (tx) => tx.delete(slackUserLinks).where(and(eq(slackUserLinks.tenantId, acmeId), eq(slackUserLinks.slackUserId, 'UKEEPS'))));
    const linked = await connect();
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.linked).toBe(true);
  });

  it('a declined consent links nothing: the page gets access_denied and no code', async () => {
    const answer = await slashCommand({ team_id: acmeTeam, user_id: 'UDECLINES', command: '/acme-meet' });
    const declined = await slackConsent(answer.body.text, acmeMember, 'decline');
    expect(declined.error).toBe('access_denied');
    expect(declined.code).toBeNull();
    const still = await slashCommand({ team_id: acmeTeam, user_id: 'UDECLINES', command: '/acme-meet' });
    expect(still.body.text).toMatch(/^Sign in to the portal and authorize Slack first/);
  });

  it("starts the linked person's meeting and answers its link in the channel; the meeting id joins; at any host", async () => {
    const started = await slashCommand({ team_id: acmeTeam, user_id: 'UMEMBER', command: '/acme-meet', channel_id: 'CGENERAL', text: '' }, { host: `portal.test:${server.port}` });
    expect(started.status).toBe(200);
    expect(started.body.response_type).toBe('in_channel');
    expect(started.body.text).toMatch(/^Member Acme started the meeting .+: http:\/\/acme\.portal\.test:\d+\/portal\/join\/\d{10,11}$/);
    server.expectMatchesSpec('messages', 200, started.body);
    const code = /join\/(\d+)$/.exec(started.body.text)![1]!;
    const joined = await slashCommand({ team_id: acmeTeam, user_id: 'UNEW', command: '/acme-meet', channel_id: 'CGENERAL', text: code });
    expect(joined.body.text).toMatch(new RegExp(`^Tenantadmin Acme joined the meeting .+/portal/join/${code}$`));
    const missing = await slashCommand({ team_id: acmeTeam, user_id: 'UNEW', command: '/acme-meet', text: '99999999999' });
    expect(missing.body).toEqual({ response_type: 'ephemeral', text: 'Meeting Id not found' });
    const wrongCommand = await slashCommand({ team_id: acmeTeam, user_id: 'UMEMBER', command: '/other' });
    expect(wrongCommand.body.text).toBe('Use /acme-meet to start or join a meeting.');
    const unknownTeam = await slashCommand({ team_id: 'T0NOBODY', user_id: 'UMEMBER', command: '/acme-meet' });
    expect(unknownTeam.body.response_type).toBe('ephemeral');
    const bad = await slashCommand({ user_id: 'UMEMBER', command: '/acme-meet' });
    expect(bad.status).toBe(400);
  });

  it("starts a meeting that is not end-to-end encrypted while the tenant's E2EE app is on: no browser makes its key", async () => {
    const acme = server.ids.tenants.acme;
    const e2ee = (enabled: boolean) => server.database.withTenant(acme, (tx) => setTenantPlugin(tx, acme, 'e2ee', enabled, null));
    await e2ee(true);
    try {
      const started = await slashCommand({ team_id: acmeTeam, user_id: 'UMEMBER', command: '/acme-meet', text: '' });
      const code = /join\/(\d+)$/.exec(started.body.text)![1]!;
      const [row] = await server.database.withTenant(acme, (tx) => tx.select({ encrypted: meetings.endToEndEncrypted }).from(meetings).where(eq(meetings.code, code)));
      expect(row).toEqual({ encrypted: false });
    } finally {
      await e2ee(false);
    }
  });

  it('tells the channel about joins, leaves, the duration and the end, through the job queue, retrying a failed post', async () => {
    const acmeId = server.ids.tenants.acme;
    const [channel] = await server.database.withTenant(acmeId, (tx) => tx.select().from(slackMeetingChannels).where(eq(slackMeetingChannels.channelId, 'CGENERAL')));
    expect(channel).toBeDefined();
    const at = now.getTime() + 60_000;
    const host = server.ids.users[userEmail('acme', 'member')]!;
    const events = [
      { type: 'room.opened', at },
      { type: 'participant.joined', at: at + 1000, participant: host, display: 'Ada Host' },
      { type: 'participant.joined', at: at + 120_000, participant: 'guest-11111111-2222-3333-4444-555555555555', display: 'Guest Bob' },
      { type: 'participant.left', at: at + 600_000, participant: 'guest-11111111-2222-3333-4444-555555555555' },
    ].map((event, index) => ({ ...event, key: `slack-test-${index}`, node: 'janus-1', meetingId: channel!.meetingId }) as MediaEvent);
    await applyMediaEvents(server.database, 'media', events, server.app.liveBus);
    now = new Date(at + 16 * 60_000);
    slack.failNextPosts(1);
    const before = slack.calls.length;
    await server.app.jobs.runDue();
    await server.app.jobs.runDue();
    const posted = () => slack.calls.slice(before).filter((call) => call.method === 'chat.postMessage' && call.params.channel === 'CGENERAL');
    // One post failed once and waits for its retry.
    now = new Date(now.getTime() + 10 * 60_000);
    await server.app.jobs.runDue();
    // The first attempt failed (Slack answered internal_error) and the queue sent it again.
    expect(posted()).toHaveLength(2);
    expect(posted()[0]!.params.text).toBe(posted()[1]!.params.text);
    expect(posted()[1]!.params.text!.split('\n')).toEqual([
      "The meeting Member Acme's Slack meeting has started.",
      "Ada Host joined Member Acme's Slack meeting (running for 0 min).",
      "Guest Bob joined Member Acme's Slack meeting (running for 2 min).",
      // The leave carries no name: the participant's row has it.
      "Guest Bob left Member Acme's Slack meeting (running for 10 min).",
      "Member Acme's Slack meeting has been running for 16 min.",
    ]);
    expect(posted().every((call) => call.token === `xoxb-${acmeTeam}`)).toBe(true);
    const delivered = await server.database.withPlatform((tx) => tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'slack.post')));
    expect(delivered.map((job) => job.status)).toEqual(['done']);

    await applyMediaEvents(server.database, 'media', [{ type: 'room.closed', at: at + 30 * 60_000, key: 'slack-test-end', node: 'janus-1', meetingId: channel!.meetingId }], server.app.liveBus);
    now = new Date(at + 31 * 60_000);
    await server.app.jobs.runDue();
    await server.app.jobs.runDue();
    expect(posted().at(-1)!.params.text).toBe("The meeting Member Acme's Slack meeting has ended. Duration: 30 min; participants: 2 (Ada Host, Guest Bob).");
  });

  it("posts a recording's share link in the channel when the recording is shared, once", async () => {
    const acmeId = server.ids.tenants.acme;
    const [channel] = await server.database.withTenant(acmeId, (tx) => tx.select().from(slackMeetingChannels).where(eq(slackMeetingChannels.channelId, 'CGENERAL')));
    const [session] = await server.database.withTenant(acmeId, (tx) => tx.select({ id: meetingSessions.id }).from(meetingSessions).where(eq(meetingSessions.meetingId, channel!.meetingId)));
    const [recording] = await server.database.withTenant(acmeId, (tx) =>
      tx
        .insert(recordings)
        .values({ tenantId: acmeId, kind: 'cloud', status: 'ready', sessionId: session!.id, code: '12345678901', topic: "Member Acme's Slack meeting", startedAt: now, endedAt: now, durationSeconds: 1800 })
        .returning({ id: recordings.id }),
    );
    const before = slack.calls.length;
    const shared = await server.request('acme', 'POST', `/recordings/${recording!.id}/shares`, { session: acmeAdmin, body: { expiresAt: new Date(now.getTime() + 86_400_000).toISOString() } });
    expect(shared.status).toBe(201);
    await server.app.jobs.runDue();
    now = new Date(now.getTime() + 20_000);
    await server.app.jobs.runDue();
    const posts = slack.calls.slice(before).filter((call) => call.method === 'chat.postMessage' && call.params.channel === 'CGENERAL');
    expect(posts.map((call) => call.params.text)).toEqual([`The recording of Member Acme's Slack meeting (30 min) was shared: ${shared.body.url}`]);
    expect(shared.body.url).toMatch(/\/portal\/recording\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('uninstalling', () => {
  it("removes a member's own install and link (slack_user), revoking the token at Slack; a second time is 404", async () => {
    const answer = await server.request('acme', 'DELETE', '/apps/slack/user', { session: acmeMember });
    expect(answer.status).toBe(204);
    expect(slack.calls.findLast((call) => call.method === 'auth.revoke')!.token).toBe('xoxp-UMEMBER');
    expect((await server.request('acme', 'DELETE', '/apps/slack/user', { session: acmeMember })).status).toBe(404);
    const status = await server.request('acme', 'GET', '/apps/slack', { session: acmeMember });
    expect(status.body).toMatchObject({ linked: false, ownInstall: false });
  });

  it("removes the workspace install for an administrator only; another tenant's administrator has none to remove (404)", async () => {
    expect((await server.request('acme', 'DELETE', '/apps/slack/installation', { session: acmeMember })).status).toBe(403);
    expect((await server.request('globex', 'DELETE', '/apps/slack/installation', { session: globexAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', '/apps/slack/installation', { session: acmeAdmin })).status).toBe(204);
    expect(slack.calls.findLast((call) => call.method === 'auth.revoke')!.token).toBe(`xoxb-${acmeTeam}`);
  });

  it('answers 409 slack_unavailable for the install address while the tenant has no Slack partner app', async () => {
    const globexId = server.ids.tenants.globex;
    await server.database.withTenant(globexId, (tx) => tx.update(tenantApps).set({ status: 'uninstalled' }).where(eq(tenantApps.tenantId, globexId)));
    const answer = await server.request('globex', 'GET', '/apps/slack/install-url', { session: globexAdmin });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('slack_unavailable');
  });
});

// Last: revoking unlinks every Slack user of the person, which the tests above rely on.
describe('Authorized apps', () => {
  it('lists the Slack app under Authorized apps while a Slack user is linked; revoking it unlinks them, so the command asks again', async () => {
    const answer = await slashCommand({ team_id: acmeTeam, user_id: 'UREVOKES', command: '/acme-meet' });
    const consent = await slackConsent(answer.body.text, acmeMember, 'authorize');
    expect((await server.request('acme', 'PUT', '/apps/slack/connection', { session: acmeMember, body: { token: consent.token, code: consent.code } })).status).toBe(200);
    const listed = await server.request('acme', 'GET', '/me/authorized-apps', { session: acmeMember });
    expect(listed.body.items).toContainEqual(expect.objectContaining({ clientId: 'slack', clientName: 'Slack', scopes: ['meetings:write'] }));
    // Another person's list does not show it, and they cannot revoke it.
    expect((await server.request('acme', 'GET', '/me/authorized-apps', { session: acmeGuest })).body.items ?? []).not.toContainEqual(expect.objectContaining({ clientId: 'slack' }));
    expect((await server.request('globex', 'DELETE', '/me/authorized-apps/slack', { session: globexAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', '/me/authorized-apps/slack', { session: acmeMember })).status).toBe(204);
    expect((await server.request('acme', 'GET', '/me/authorized-apps', { session: acmeMember })).body.items).not.toContainEqual(expect.objectContaining({ clientId: 'slack' }));
    expect((await slashCommand({ team_id: acmeTeam, user_id: 'UREVOKES', command: '/acme-meet' })).body.text).toMatch(/^Sign in to the portal and authorize Slack first/);
    expect((await server.request('acme', 'DELETE', '/me/authorized-apps/slack', { session: acmeMember })).status).toBe(404);
  });
});
