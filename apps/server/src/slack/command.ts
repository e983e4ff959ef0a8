// The slash command (`messages`, Slack's request URL): Slack posts the command form-encoded and
// signed with the app's signing secret. The workspace names the tenant (its Slack partner app's
// `teamId`); the Slack user must be linked to a person of that tenant, who then starts their
// meeting (the personal meeting, else a new open meeting through the meetings service) or, given a
// meeting id, joins one of the tenant's meetings. The answer carries the meeting's link, in the
// channel; the channel then follows the meeting (src/slack/updates.ts). An unlinked Slack user is
// answered, only to them, a link through sign-in and the Slack client's consent at the portal's
// authorization server; the link is recorded only after that consent (connect_user).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { primaryRole, dialFlagsOf } from '../kernel/access/permissions.ts';
import type { Caller } from '../kernel/access/caller.ts';
import { roles, slackInstallations, slackMeetingChannels, slackUserLinks, tenantApps, tenants, userRoles, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { rawBodyOf } from '../kernel/http/raw-body.ts';
import { linkOrigin, publicBaseUrl, tenantOrigin } from '../mail/index.ts';
import { joinUrlOf, findMeetingByCode, findPersonalMeeting, createMeeting } from '../meetings/index.ts';
import { tenantClosedForMaintenance } from '../settings/index.ts';
import { slackConsentClientId, oauthPrefix } from '../oauth/index.ts';
import { slackConsentScope } from './service.ts';
import { verifySlackRequest } from './signature.ts';
import { issueLink, type LinkClaims } from './tokens.ts';
import { present } from '../kernel/db/present.ts';

type SlackMessage = Schemas['SlackMessage'];
type SlackCommand = Schemas['SlackCommand'];

const ephemeral = (text: string): SlackMessage => ({ response_type: 'ephemeral', text });

/** 401 unless Slack signed exactly these bytes within the last five minutes. */
export function checkSlackSignature(request: FastifyRequest, now: Date): void {
  const config = request.server.config.slack;
  if (!config) throw new ProblemError(401, 'invalid_signature', { detail: 'No Slack app is configured' });
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const check = verifySlackRequest(config.signingSecret, { timestamp: header('x-slack-request-timestamp'), signature: header('x-slack-signature') }, rawBodyOf(request) ?? '', now);
  if (!check.ok) throw new ProblemError(401, check.code, { detail: check.code === 'stale_request' ? 'The request is more than five minutes old' : 'The Slack signature does not match' });
}

type TenantOfTeam = { tenantId: string; sname: string; command: string };

async function tenantOfTeam(app: FastifyInstance, teamId: string): Promise<TenantOfTeam | null> {
  const [row] = await app.database.withPlatform((tx) =>
    tx
      .select({ tenantId: tenants.id, sname: tenants.sname, status: tenants.status, settings: tenantApps.settings })
      .from(tenantApps)
      .innerJoin(tenants, eq(tenants.id, tenantApps.tenantId))
      .where(and(eq(tenantApps.app, 'slack'), eq(tenantApps.status, 'installed'), sql`${tenantApps.settings}->>'teamId' = ${teamId}`))
      .limit(1),
  );
  if (!row || row.status !== 'active') return null;
  return { tenantId: row.tenantId, sname: row.sname, command: row.settings.command ?? '' };
}

/** The linked person as the meetings service sees a caller: their enabled roles' permissions. */
async function callerOfUser(tx: Database, userId: string, sname: string): Promise<{ caller: Caller; name: string } | null> {
  const [user] = await tx.select({ status: users.status, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.status !== 'enabled') return null;
  const held = await tx
    .select({ name: roles.name, permissions: roles.permissions, dialIn: roles.dialIn, dialOut: roles.dialOut })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 'enabled')));
  const role = primaryRole(
    held.map((r) => r.name),
    sname,
  );
  return { caller: { isSuperadmin: false, role, permissions: new Set(held.flatMap((r) => r.permissions)), dial: dialFlagsOf(held) }, name: user.displayName || `${user.firstName} ${user.lastName}`.trim() };
}

/**
 * The Slack client's authorization request at the portal's authorization server: sign-in, then the
 * consent screen, then back to slack-authentication with a code that connect_user redeems. The
 * `state` is the sealed link (tenant, workspace, Slack user, with the names the consent screen shows)
 * carrying the PKCE verifier.
 */
function consentUrl(app: FastifyInstance, origin: string, claims: Omit<LinkClaims, 'verifier'>, now: Date): string {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: slackConsentClientId,
    response_type: 'code',
    scope: slackConsentScope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: issueLink(app.secrets, { ...claims, verifier }, now),
  });
  return `${origin}${oauthPrefix}/auth?${query.toString()}`;
}

async function portalOrigin(request: FastifyRequest, sname: string): Promise<string> {
  const requestOrigin = `${request.protocol}://${request.host}`;
  const base = await publicBaseUrl(request.server);
  return base ? linkOrigin(base, requestOrigin, sname) : tenantOrigin(requestOrigin, sname);
}

export async function answerSlashCommand(request: FastifyRequest, body: SlackCommand): Promise<SlackMessage> {
  const app = request.server;
  const now = app.jobs.now();
  checkSlackSignature(request, now);
  const tenant = await tenantOfTeam(app, body.team_id);
  if (!tenant) return ephemeral('This Slack workspace is not connected to a meeting portal. Ask your administrator to install the app.');
  if (await tenantClosedForMaintenance(app.database, tenant.sname)) return ephemeral('The portal is under maintenance. Please try again later.');
  if (tenant.command && tenant.command !== body.command) return ephemeral(`Use ${tenant.command} to start or join a meeting.`);
  const origin = await portalOrigin(request, tenant.sname);
  const db = <T>(fn: (tx: Database) => Promise<T>) => app.database.withTenant(tenant.tenantId, fn);

  const [link] = await db((tx) =>
    tx
      .select({ userId: slackUserLinks.userId })
      .from(slackUserLinks)
      .where(and(eq(slackUserLinks.tenantId, tenant.tenantId), eq(slackUserLinks.teamId, body.team_id), eq(slackUserLinks.slackUserId, body.user_id)))
      .limit(1),
  );
  if (!link) return ephemeral(`Sign in to the portal and authorize Slack first: ${consentUrl(app, origin, { tenantId: tenant.tenantId, teamId: body.team_id, slackUserId: body.user_id, slackUserName: body.user_name || body.user_id, teamDomain: body.team_domain || body.team_id }, now)}`);
  const person = await db((tx) => callerOfUser(tx, link.userId, tenant.sname));
  if (!person) return ephemeral('Your portal account is disabled.');

  const wanted = (body.text ?? '').trim().replace(/\s+/g, '');
  let meeting: { id: string; code: string; topic: string } | null;
  let verb: 'started' | 'joined';
  if (/^\d{9,11}$/.test(wanted)) {
    meeting = await db((tx) => findMeetingByCode(tx, wanted));
    if (!meeting) return ephemeral('Meeting Id not found');
    verb = 'joined';
  } else {
    if (wanted !== '' && wanted.toLowerCase() !== 'start') return ephemeral(`Use ${body.command} to start your meeting, or ${body.command} <meeting id> to join one.`);
    verb = 'started';
    meeting = person.caller.permissions.has('meeting.personal.get') ? await db((tx) => findPersonalMeeting(tx, link.userId)) : null;
    if (!meeting) {
      if (!person.caller.permissions.has('meeting.open.put')) return ephemeral('You may not start meetings.');
      const created = await createMeeting(
        {
          tenantId: tenant.tenantId,
          caller: person.caller,
          db,
          database: app.database,
          audit: { tenantId: tenant.tenantId, userId: link.userId, label: `Slack ${body.user_id}`, ip: request.ip, requestId: request.id },
          userId: link.userId,
          origin,
          acceptLanguage: undefined,
          now: () => now,
        },
        { kind: 'open', topic: `${person.name}'s Slack meeting`, start: now.toISOString(), durationMinutes: 60, timeZone: 'UTC' },
        // Its link goes to Slack from here: no browser of the person makes an end-to-end key for it.
        { viaBrowser: false },
      );
      meeting = { id: created.id, code: created.meetingId, topic: created.topic };
    }
  }
  await followInChannel(db, tenant.tenantId, meeting.id, body, now);
  return { response_type: 'in_channel', text: `${person.name} ${verb} the meeting ${meeting.topic}: ${joinUrlOf(origin, meeting.code)}` };
}

/** The channel follows the meeting while it runs, when the workspace has the app (its bot posts). */
async function followInChannel(db: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>, tenantId: string, meetingId: string, body: SlackCommand, now: Date): Promise<void> {
  if (!body.channel_id) return;
  await db(async (tx) => {
    const [install] = await tx
      .select({ id: slackInstallations.id })
      .from(slackInstallations)
      .where(and(eq(slackInstallations.tenantId, tenantId), eq(slackInstallations.teamId, body.team_id), inArray(slackInstallations.kind, ['workspace'])))
      .limit(1);
    if (!install) return;
    await tx.insert(slackMeetingChannels).values({ tenantId, meetingId, teamId: body.team_id, channelId: present(body.channel_id, 'body.channel_id'), createdAt: now }).onConflictDoNothing();
  });
}
