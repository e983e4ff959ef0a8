// The Apps screen's calls (issue 14 sections 3, 4 and 6): the plugins as the caller sees them,
// switching them on and off, the transcription plugin's Neosound account, sign-in link and upload,
// and the Google add-on's link (authorised through the portal's authorization server, src/oauth). Who may switch what:
// - `e2ee` (the whole tenant): holders of `tenant.partner_app.update`, the tenant administrators;
// - `neosound` (each person): holders of `apps.neosound`, once the tenant's Neosound partner app is installed;
// - `gmail-addon` (each person): holders of `apps.slack` or `apps.neosound` (the Apps screen's people);
// - `slack` is listed from src/slack's tables and switched with its own calls.
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../kernel/audit/record.ts';
import type { ServerConfig } from '../kernel/config.ts';
import { meetings, recordings, slackInstallations, slackUserLinks, tenantApps, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { FileStore } from '../kernel/files/index.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, forbidden, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { clientOfToken, revokeClientGrants, googleAddonClientId } from '../oauth/index.ts';
import { tenantSlackApp } from '../slack/index.ts';
import { createAccount, loginLink, neosoundBaseUrl, uploadFile, type NeosoundConnection } from './neosound/client.ts';
import { holdsAppsPermission, isPluginEnabled, isTenantPlugin, pluginIds, setTenantPlugin, setUserPlugin, userPluginRow, type PluginId } from '../plugins/index.ts';

export type AppsScope = Pick<RequestScope, 'tenantId' | 'caller' | 'actorUserId' | 'db' | 'secrets' | 'audit'> & {
  config: ServerConfig['apps'];
  slackConfigured: boolean;
};

type PluginInfo = Schemas['PluginInfo'];

const holds = (scope: Pick<AppsScope, 'caller'>, permission: string) => scope.caller.permissions.has(permission);
const mayManage = (scope: Pick<AppsScope, 'caller'>, plugin: PluginId): boolean => {
  if (plugin === 'e2ee') return holds(scope, 'tenant.partner_app.update');
  if (plugin === 'neosound') return holds(scope, 'apps.neosound');
  if (plugin === 'slack') return holds(scope, 'apps.slack');
  return holdsAppsPermission(scope.caller.permissions);
};

function userOf(scope: Pick<AppsScope, 'actorUserId'>): string {
  if (!scope.actorUserId) throw new ProblemError(403, 'user_required', { detail: 'Apps are used by signed-in people' });
  return scope.actorUserId;
}

const setupRequired = (detail: string) => new ProblemError(409, 'plugin_setup_required', { detail });
const neosoundUnavailable = () => new ProblemError(409, 'neosound_unavailable', { detail: "The tenant's Neosound partner app is not installed" });
const neosoundNotEnabled = () => new ProblemError(409, 'neosound_not_enabled', { detail: 'Enable the transcription plugin (Neosound) in Apps first' });

/** The tenant's installed Neosound partner app (its sealed key and region), or null. */
async function tenantNeosound(tx: Database, tenantId: string) {
  const [row] = await tx
    .select({ status: tenantApps.status, apiKey: tenantApps.apiKey, settings: tenantApps.settings })
    .from(tenantApps)
    .where(and(eq(tenantApps.tenantId, tenantId), eq(tenantApps.app, 'neosound')))
    .limit(1);
  return row && row.status === 'installed' && row.apiKey ? { apiKey: row.apiKey, region: row.settings.region } : null;
}

async function connectionIn(tx: Database, scope: Pick<AppsScope, 'tenantId' | 'secrets' | 'config'>): Promise<NeosoundConnection> {
  const app = await tenantNeosound(tx, scope.tenantId);
  if (!app) throw neosoundUnavailable();
  return { baseUrl: neosoundBaseUrl(scope.config.neosoundBaseUrl, app.region), apiKey: scope.secrets.open(app.apiKey) };
}

async function pluginInfoIn(tx: Database, scope: AppsScope, userId: string, plugin: PluginId): Promise<PluginInfo> {
  const canManage = mayManage(scope, plugin);
  switch (plugin) {
    case 'e2ee':
      return { plugin, scope: 'tenant', available: true, enabled: await isPluginEnabled(tx, scope.tenantId, 'e2ee'), canManage, hasAccount: false };
    case 'neosound': {
      const row = await userPluginRow(tx, scope.tenantId, userId, 'neosound');
      const available = (await tenantNeosound(tx, scope.tenantId)) !== null;
      return { plugin, scope: 'user', available, enabled: available && row?.enabled === true, canManage, hasAccount: Boolean(row?.accountId) };
    }
    case 'gmail-addon': {
      const row = await userPluginRow(tx, scope.tenantId, userId, 'gmail-addon');
      return { plugin, scope: 'user', available: true, enabled: row?.enabled === true, canManage, hasAccount: row !== undefined };
    }
    case 'slack': {
      const app = await tenantSlackApp(tx, scope.tenantId);
      let enabled = false;
      if (app) {
        const links = await tx
          .select({ id: slackUserLinks.slackUserId })
          .from(slackUserLinks)
          .where(and(eq(slackUserLinks.tenantId, scope.tenantId), eq(slackUserLinks.teamId, app.teamId), eq(slackUserLinks.userId, userId)))
          .limit(1);
        const own = await tx
          .select({ kind: slackInstallations.kind })
          .from(slackInstallations)
          .where(and(eq(slackInstallations.tenantId, scope.tenantId), eq(slackInstallations.teamId, app.teamId), eq(slackInstallations.userId, userId)))
          .limit(1);
        enabled = links.length > 0 || own.length > 0;
      }
      return { plugin, scope: 'user', available: app !== null && scope.slackConfigured, enabled, canManage, hasAccount: enabled };
    }
  }
}

export async function pluginsInfo(scope: AppsScope): Promise<Schemas['PluginsInfo']> {
  const userId = userOf(scope);
  if (!holdsAppsPermission(scope.caller.permissions)) throw forbidden();
  return scope.db(async (tx) => {
    const infos: PluginInfo[] = [];
    for (const plugin of pluginIds) infos.push(await pluginInfoIn(tx, scope, userId, plugin));
    return infos;
  });
}

/** Switches `plugin` on or off for the tenant (e2ee) or the caller (neosound, gmail-addon). */
export async function switchPlugin(scope: AppsScope, plugin: PluginId, enabled: boolean): Promise<PluginInfo> {
  const userId = userOf(scope);
  if (!mayManage(scope, plugin)) throw forbidden();
  if (plugin === 'slack') throw setupRequired('Slack is installed and uninstalled with its own calls');
  return scope.db(async (tx) => {
    if (isTenantPlugin(plugin)) {
      const before = await isPluginEnabled(tx, scope.tenantId, plugin);
      if (before !== enabled) {
        await setTenantPlugin(tx, scope.tenantId, plugin, enabled, userId);
        await recordAudit(tx, scope.audit, { action: 'update', entity: 'tenant.partner_app', entityId: `plugin:${plugin}`, before: { enabled: before }, after: { enabled } });
      }
    } else {
      const row = await userPluginRow(tx, scope.tenantId, userId, plugin);
      if (enabled) {
        if (plugin === 'neosound' && !(await tenantNeosound(tx, scope.tenantId))) throw neosoundUnavailable();
        if (plugin === 'neosound' && !row?.accountId) throw setupRequired('Create the Neosound account first (createNeosoundAccount)');
        if (plugin === 'gmail-addon' && !row) throw setupRequired('The Gmail add-on is authorized from Gmail (its consent at the portal)');
      }
      if (row && row.enabled !== enabled) await setUserPlugin(tx, scope.tenantId, userId, plugin, enabled);
      // Disabling the add-on also revokes what the person authorised it: its tokens stop, and enabling again needs a new consent.
      if (plugin === 'gmail-addon' && !enabled) await revokeClientGrants(tx, scope.tenantId, userId, googleAddonClientId);
    }
    return pluginInfoIn(tx, scope, userId, plugin);
  });
}

/**
 * Enables the transcription plugin: the caller's Neosound account is created the first time (the
 * call happens outside any transaction; the account id is stored after it), then switched on.
 */
export async function createNeosoundAccount(scope: AppsScope): Promise<PluginInfo> {
  const userId = userOf(scope);
  const { connection, existing, person } = await scope.db(async (tx) => {
    const connection = await connectionIn(tx, scope);
    const row = await userPluginRow(tx, scope.tenantId, userId, 'neosound');
    const [person] = await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
    if (!person) throw notFound();
    return { connection, existing: row?.accountId ?? null, person };
  });
  const accountId =
    existing ?? (await createAccount(connection, { externalId: `${scope.tenantId}:${userId}`, email: person.email, name: `${person.firstName} ${person.lastName}`.trim() }));
  return scope.db(async (tx) => {
    await setUserPlugin(tx, scope.tenantId, userId, 'neosound', true, accountId);
    return pluginInfoIn(tx, scope, userId, 'neosound');
  });
}

async function enabledAccount(tx: Database, scope: AppsScope, userId: string): Promise<{ connection: NeosoundConnection; accountId: string }> {
  const connection = await connectionIn(tx, scope);
  const row = await userPluginRow(tx, scope.tenantId, userId, 'neosound');
  if (!row?.enabled || !row.accountId) throw neosoundNotEnabled();
  return { connection, accountId: row.accountId };
}

export async function neosoundLogin(scope: AppsScope): Promise<Schemas['NeosoundLink']> {
  const userId = userOf(scope);
  const { connection, accountId } = await scope.db((tx) => enabledAccount(tx, scope, userId));
  return { url: await loginLink(connection, accountId) };
}

const fileKinds = { audio: { contentType: 'audio/ogg', extension: 'ogg' }, video: { contentType: 'video/webm', extension: 'webm' } } as const;

/**
 * Uploads a recording's audio (else its video) to the caller's Neosound account, streamed from the
 * file store. The caller needs the recording: `room.recording.get` or being its owner (404 otherwise).
 */
export async function openFileInNeosound(scope: AppsScope, files: FileStore, recordingId: string): Promise<Schemas['NeosoundFile']> {
  const userId = userOf(scope);
  const { connection, accountId, recording } = await scope.db(async (tx) => {
    const [recording] = await tx.select().from(recordings).where(eq(recordings.id, recordingId)).limit(1);
    if (!recording || (!holds(scope, 'room.recording.get') && recording.ownerId !== userId)) throw notFound();
    if (recording.meetingId) {
      const [meeting] = await tx.select({ e2ee: meetings.endToEndEncrypted }).from(meetings).where(eq(meetings.id, recording.meetingId)).limit(1);
      if (meeting?.e2ee) throw new ProblemError(409, 'meeting_end_to_end_encrypted', { detail: 'End-to-end encrypted meetings are not transcribed' });
    }
    return { ...(await enabledAccount(tx, scope, userId)), recording };
  });
  const kind = recording.audioKey ? 'audio' : 'video';
  const key = recording.status === 'ready' ? (recording.audioKey ?? recording.videoKey) : null;
  const noFiles = () => new ProblemError(409, 'no_files_available', { detail: 'The recording has no file to upload' });
  if (!key) throw noFiles();
  const bytes = await files.size(key);
  const stream = bytes === null ? null : await files.openRead(key);
  if (bytes === null || !stream) throw noFiles();
  const safeTopic = recording.topic.replace(/[^\p{L}\p{N} ._-]+/gu, '-').trim().slice(0, 100) || 'recording';
  const fileName = `${safeTopic} ${recording.code} ${recording.startedAt.toISOString().slice(0, 10)}.${fileKinds[kind].extension}`;
  try {
    const uploaded = await uploadFile(connection, accountId, { stream, bytes, contentType: fileKinds[kind].contentType, fileName });
    return { fileId: uploaded.id, url: uploaded.url };
  } finally {
    stream.destroy();
  }
}

/**
 * The Google add-on records who it acts for, with the access token it redeemed after the person's
 * consent (client `google-addon`, PKCE): the token's subject in the token's tenant, never a person the
 * request names, and the Workspace account the add-on saw (`workspaceUser`, kept as the plugin's
 * account). A browser session or another client's token gets 403 `addon_token_required`. The token
 * works only while the person's Gmail add-on plugin is on (src/auth/sessions.ts).
 */
export async function authorizeAddon(scope: AppsScope, sessionId: string, input: Schemas['AddonUserRequest']): Promise<Schemas['AddonUserResult']> {
  const userId = userOf(scope);
  await scope.db(async (tx) => {
    if ((await clientOfToken(tx, sessionId)) !== googleAddonClientId) {
      throw new ProblemError(403, 'addon_token_required', { detail: "Only the Google add-on, with the token the person authorised, records the add-on's user" });
    }
    const row = await userPluginRow(tx, scope.tenantId, userId, 'gmail-addon');
    await setUserPlugin(tx, scope.tenantId, userId, 'gmail-addon', true, input.workspaceUser ?? row?.accountId ?? null);
  });
  const callback = scope.config.googleAddonCallbackUrl;
  if (!callback || !input.state) return { authorized: true, userId, redirectUrl: null };
  const url = new URL(callback);
  url.searchParams.set('state', input.state);
  return { authorized: true, userId, redirectUrl: url.toString() };
}
