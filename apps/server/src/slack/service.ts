// The Slack app's calls for signed-in people (issue 14 section 2): the status the Apps screen and
// the Slack pages show, the install addresses, completing an install with the code Slack hands
// back (the tenant's workspace by an administrator, or 'Add to ONLY my Slack account' by anyone),
// linking the Slack user of a slash command, and uninstalling. The tenant's Slack partner app
// (src/tenants/partner-apps.ts: its workspace `teamId` and slash `command`) must be installed.
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../kernel/audit/record.ts';
import type { SlackConfig } from '../kernel/config.ts';
import { slackInstallations, slackUserLinks, tenantApps } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { slackClient, slackErrorOf } from './client.ts';
import { issueState, readLink, readState, type InstallKind } from './tokens.ts';
import { present } from '../kernel/db/present.ts';
import type { CodeRedemption } from '../oauth/index.ts';

export type SlackScope = Pick<RequestScope, 'tenantId' | 'actorUserId' | 'db' | 'secrets' | 'audit'> & {
  config: SlackConfig | null;
  /** The tenant portal's origin: Slack sends people back to its pages. */
  origin: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};

/** Audited as a change of the tenant's Slack partner app (entity ids `slack:workspace:<team>`, `slack:user:<id>`, `slack:link:<team>:<user>`). */
export const SLACK_AUDIT_ENTITY = 'tenant.partner_app';
/** What the workspace install asks for: the slash command and posting to channels, joined or not. */
export const botScopes = ['commands', 'chat:write', 'chat:write.public'];
/** What 'Add to ONLY my Slack account' asks for: posting as the person. */
export const userScopes = ['chat:write'];

export const redirectPaths: Record<InstallKind, string> = { workspace: '/portal/slack-install', user: '/portal/slack-authentication' };

const unavailable = (detail: string) => new ProblemError(409, 'slack_unavailable', { detail });

export type TenantSlackApp = { teamId: string; command: string };

/** The tenant's installed Slack partner app, or null. */
export async function tenantSlackApp(tx: Database, tenantId: string): Promise<TenantSlackApp | null> {
  const [row] = await tx
    .select({ status: tenantApps.status, settings: tenantApps.settings })
    .from(tenantApps)
    .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.app, 'slack')))
    .limit(1);
  if (!row || row.status !== 'installed' || !row.settings.teamId) return null;
  return { teamId: row.settings.teamId, command: row.settings.command ?? '' };
}

function userOf(scope: Pick<SlackScope, 'actorUserId'>): string {
  if (!scope.actorUserId) throw new ProblemError(403, 'user_required', { detail: 'Slack is connected by signed-in people' });
  return scope.actorUserId;
}

function configOf(scope: Pick<SlackScope, 'config'>): SlackConfig {
  if (!scope.config) throw unavailable('The platform has no Slack app configured');
  return scope.config;
}

async function statusIn(tx: Database, scope: SlackScope, userId: string): Promise<Schemas['SlackStatus']> {
  const app = await tenantSlackApp(tx, scope.tenantId);
  const installs = app ? await tx.select().from(slackInstallations).where(and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.teamId, app.teamId))) : [];
  const links = app
    ? await tx
        .select({ slackUserId: slackUserLinks.slackUserId })
        .from(slackUserLinks)
        .where(and(eq(slackUserLinks.tenantId, scope.tenantId), eq(slackUserLinks.teamId, app.teamId), eq(slackUserLinks.userId, userId)))
    : [];
  return {
    available: scope.config !== null,
    enabled: app !== null,
    teamId: app?.teamId ?? null,
    command: app?.command || null,
    workspaceInstalled: installs.some((row) => row.kind === 'workspace'),
    linked: links.length > 0,
    ownInstall: installs.some((row) => row.kind === 'user' && row.userId === userId),
  };
}

export async function slackStatus(scope: SlackScope): Promise<Schemas['SlackStatus']> {
  const userId = userOf(scope);
  return scope.db((tx) => statusIn(tx, scope, userId));
}

/** Slack's authorize address for this kind of install, with a fresh state bound to the caller. */
export async function installUrl(scope: SlackScope, kind: InstallKind): Promise<Schemas['SlackInstallUrl']> {
  const userId = userOf(scope);
  const config = configOf(scope);
  const app = await scope.db((tx) => tenantSlackApp(tx, scope.tenantId));
  if (!app) throw unavailable("The tenant's Slack app is not installed");
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('scope', kind === 'workspace' ? botScopes.join(',') : '');
  url.searchParams.set('user_scope', kind === 'user' ? userScopes.join(',') : '');
  url.searchParams.set('redirect_uri', `${scope.origin}${redirectPaths[kind]}`);
  url.searchParams.set('state', issueState(scope.secrets, { tenantId: scope.tenantId, userId, kind }, scope.now()));
  // Straight to the tenant's workspace rather than the one the browser last used.
  url.searchParams.set('team', app.teamId);
  return { url: url.toString() };
}

type AccessAnswer = {
  team?: { id?: string; name?: string } | null;
  access_token?: string;
  bot_user_id?: string;
  scope?: string;
  authed_user?: { id?: string; access_token?: string; scope?: string };
};

/**
 * Completes an install: the state must be this caller's, of this kind and unexpired (400
 * `invalid_state`); the code is exchanged at Slack (oauth.v2.access) and the workspace must be the
 * tenant's (else 409 `failure`). The tokens are sealed before they are stored.
 */
export async function completeInstall(scope: SlackScope, kind: InstallKind, input: Schemas['SlackOAuthResult'], failure: 'slack_install_failed' | 'slack_auth_failed'): Promise<Schemas['SlackStatus']> {
  const userId = userOf(scope);
  const config = configOf(scope);
  const state = readState(scope.secrets, input.state, scope.now());
  if (!state || state.tenantId !== scope.tenantId || state.userId !== userId || state.kind !== kind) {
    throw fieldError('state', 'invalid_state', 'This Slack approval is not yours, or it expired: start again');
  }
  const app = await scope.db((tx) => tenantSlackApp(tx, scope.tenantId));
  if (!app) throw unavailable("The tenant's Slack app is not installed");
  let answer: AccessAnswer;
  try {
    answer = (await slackClient(config).oauth.v2.access({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code: input.code,
      redirect_uri: `${scope.origin}${redirectPaths[kind]}`,
    }));
  } catch (error) {
    scope.log.warn({ slackError: slackErrorOf(error) }, 'Slack refused an install code');
    throw new ProblemError(409, failure, { detail: `Slack refused the approval (${slackErrorOf(error)})` });
  }
  const teamId = answer.team?.id;
  const slackUserId = answer.authed_user?.id;
  if (!teamId || !slackUserId) throw new ProblemError(409, failure, { detail: 'Slack answered without a workspace or user' });
  if (teamId !== app.teamId) throw new ProblemError(409, failure, { detail: `The app was approved in another Slack workspace than the tenant's (${app.teamId})` });
  if (kind === 'workspace' && !answer.access_token) throw new ProblemError(409, failure, { detail: 'Slack answered without a bot token' });
  if (kind === 'user' && !answer.authed_user?.access_token) throw new ProblemError(409, failure, { detail: 'Slack answered without a user token' });

  return scope.db(async (tx) => {
    const values = {
      tenantId: scope.tenantId,
      teamId,
      teamName: answer.team?.name ?? '',
      kind,
      userId,
      slackUserId,
      botUserId: kind === 'workspace' ? (answer.bot_user_id ?? null) : null,
      botToken: kind === 'workspace' ? scope.secrets.seal(present(answer.access_token, 'answer.access_token')) : null,
      userToken: kind === 'user' ? scope.secrets.seal(present(present(answer.authed_user, 'answer.authed_user').access_token, 'answer.authed_user.access_token')) : null,
      scopes: (kind === 'workspace' ? answer.scope : answer.authed_user?.scope) ?? '',
    };
    // One installation per workspace, one per person: a new approval replaces the old one.
    const sameInstall =
      kind === 'workspace'
        ? and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.teamId, teamId), eq(slackInstallations.kind, 'workspace'))
        : and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.teamId, teamId), eq(slackInstallations.kind, 'user'), eq(slackInstallations.slackUserId, slackUserId));
    await tx.delete(slackInstallations).where(sameInstall);
    await tx.insert(slackInstallations).values(values);
    // Whoever approved is that Slack user: their slash commands act as them from now on.
    await linkSlackUser(tx, scope.tenantId, teamId, slackUserId, userId);
    await recordAudit(tx, scope.audit, { action: 'create', entity: SLACK_AUDIT_ENTITY, entityId: `slack:${kind}:${teamId}`, after: { kind, teamId, slackUserId, scopes: values.scopes } });
    return statusIn(tx, scope, userId);
  });
}

/** Answers whether the Slack user is linked to `userId` already; 409 when someone else of the tenant has it. */
async function checkSlackUserFree(tx: Database, tenantId: string, teamId: string, slackUserId: string, userId: string): Promise<boolean> {
  const [existing] = await tx
    .select({ userId: slackUserLinks.userId })
    .from(slackUserLinks)
    .where(and(eq(slackUserLinks.tenantId, tenantId), eq(slackUserLinks.teamId, teamId), eq(slackUserLinks.slackUserId, slackUserId)))
    .limit(1);
  if (existing && existing.userId !== userId) throw new ProblemError(409, 'slack_user_linked', { detail: 'This Slack user is linked to another person of the tenant' });
  return existing !== undefined;
}

/** Links (or re-links) a Slack user to a portal user; 409 when someone else of the tenant has it. */
async function linkSlackUser(tx: Database, tenantId: string, teamId: string, slackUserId: string, userId: string): Promise<void> {
  if (await checkSlackUserFree(tx, tenantId, teamId, slackUserId, userId)) return;
  await tx.insert(slackUserLinks).values({ tenantId, teamId, slackUserId, userId });
}

/** What the Slack client asks for at the portal's consent screen: the slash command starts and joins meetings as the person. */
export const slackConsentScope = 'openid meetings:write';

/**
 * Links the Slack user of a slash command's link (`token`, the authorization request's state) to the
 * person who consented: `redeem` spends the code once with the verifier sealed in the link, only
 * when the caller is the person who consented. A declined consent brings no code, so nothing is linked.
 */
export async function connectSlackUser(
  scope: SlackScope,
  input: Schemas['SlackConnectRequest'],
  redeem: (code: string, verifier: string, accountId: string) => Promise<CodeRedemption>,
): Promise<Schemas['SlackStatus']> {
  const userId = userOf(scope);
  const link = readLink(scope.secrets, input.token, scope.now());
  if (!link || link.tenantId !== scope.tenantId) throw fieldError('token', 'invalid_token', 'This link is not valid any more: use the Slack command again');
  // What would refuse the link is checked before the code is spent, so such a failure keeps the consent.
  const linkable = async (tx: Database) => {
    const app = await tenantSlackApp(tx, scope.tenantId);
    if (!app || app.teamId !== link.teamId) throw unavailable("The tenant's Slack app is not installed for that workspace");
    await checkSlackUserFree(tx, scope.tenantId, link.teamId, link.slackUserId, userId);
  };
  await scope.db(linkable);
  const redeemed = await redeem(input.code, link.verifier, userId);
  if (redeemed === 'invalid') throw fieldError('code', 'invalid_code', 'This authorization is not valid any more: use the Slack command again');
  if (redeemed === 'another_person') throw new ProblemError(403, 'consent_of_another_user', { detail: 'Slack was authorized by another person than the one signed in' });
  return scope.db(async (tx) => {
    await linkable(tx);
    await linkSlackUser(tx, scope.tenantId, link.teamId, link.slackUserId, userId);
    await recordAudit(tx, scope.audit, { action: 'create', entity: SLACK_AUDIT_ENTITY, entityId: `slack:link:${link.teamId}:${link.slackUserId}`, after: { userId } });
    return statusIn(tx, scope, userId);
  });
}

/** When `userId` first linked a Slack user in the tenant (consented to the Slack app), or null. */
export async function slackLinkedSince(tx: Database, tenantId: string, userId: string): Promise<Date | null> {
  const links = await tx.select({ linkedAt: slackUserLinks.linkedAt }).from(slackUserLinks).where(and(eq(slackUserLinks.tenantId, tenantId), eq(slackUserLinks.userId, userId)));
  return links.reduce<Date | null>((first, link) => (first === null || link.linkedAt < first ? link.linkedAt : first), null);
}

/** Forgets every Slack user linked to `userId` (their consent revoked from Authorized apps); answers how many went. */
export async function unlinkSlackUsers(tx: Database, audit: RequestScope['audit'], tenantId: string, userId: string): Promise<number> {
  const links = await tx.delete(slackUserLinks).where(and(eq(slackUserLinks.tenantId, tenantId), eq(slackUserLinks.userId, userId))).returning();
  for (const link of links) await recordAudit(tx, audit, { action: 'delete', entity: SLACK_AUDIT_ENTITY, entityId: `slack:link:${link.teamId}:${link.slackUserId}`, before: { userId } });
  return links.length;
}

/** Revokes a sealed token at Slack; a failure is logged, not fatal (the token is forgotten anyway). */
async function revoke(scope: SlackScope, sealed: string | null): Promise<void> {
  if (!sealed || !scope.config) return;
  try {
    await slackClient(scope.config, scope.secrets.open(sealed)).auth.revoke();
  } catch (error) {
    scope.log.warn({ slackError: slackErrorOf(error) }, 'Slack did not revoke a token');
  }
}

/** Uninstalls from the caller's own Slack account: their installations and links in the tenant go. */
export async function removeSlackUser(scope: SlackScope): Promise<void> {
  const userId = userOf(scope);
  const removed = await scope.db(async (tx) => {
    const installs = await tx
      .delete(slackInstallations)
      .where(and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.userId, userId), eq(slackInstallations.kind, 'user')))
      .returning();
    const links = await tx.delete(slackUserLinks).where(and(eq(slackUserLinks.tenantId, scope.tenantId), eq(slackUserLinks.userId, userId))).returning();
    if (installs.length === 0 && links.length === 0) throw notFound();
    await recordAudit(tx, scope.audit, { action: 'delete', entity: SLACK_AUDIT_ENTITY, entityId: `slack:user:${userId}`, before: { installs: installs.length, links: links.length } });
    return installs;
  });
  for (const install of removed) await revoke(scope, install.userToken);
}

/** Removes the tenant-wide installation; the bot token is revoked at Slack. */
export async function uninstallWorkspace(scope: SlackScope): Promise<void> {
  userOf(scope);
  const removed = await scope.db(async (tx) => {
    const installs = await tx.delete(slackInstallations).where(and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.kind, 'workspace'))).returning();
    if (installs.length === 0) throw notFound();
    await recordAudit(tx, scope.audit, { action: 'delete', entity: SLACK_AUDIT_ENTITY, entityId: `slack:workspace:${present(installs[0], 'installs[0]').teamId}`, before: { teamId: present(installs[0], 'installs[0]').teamId } });
    return installs;
  });
  for (const install of removed) await revoke(scope, install.botToken);
}
