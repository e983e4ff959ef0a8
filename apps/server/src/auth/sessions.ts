// Server-side sessions. The browser holds a random secret in the httpOnly cookie `portal_session`;
// the database holds only its SHA-256, so a leaked sessions table cannot be replayed. Each session
// has an idle and an absolute timeout and its own CSRF token, also sent as the readable cookie
// `portal_csrf` for the portal to echo in `X-CSRF-Token`. Developer clients get bearer tokens
// stored the same way (kind `client`).
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../kernel/config.ts';
import { devClients, oauthRecords, roles, sessions, userPlugins, userRoles, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { rawValues } from '../kernel/db/raw.ts';
import type { Principal } from '../kernel/http/request-context.ts';
import { sha256 } from '../kernel/crypto/digest.ts';
import { googleAddonClientId, intersect, permissionsOfScope } from '../oauth/index.ts';
import { dialFlagsOf, primaryRole, roleGroupsOf } from '../kernel/access/permissions.ts';

export const sessionCookie = 'portal_session';
export const csrfCookie = 'portal_csrf';

/** Writing `last_seen_at` on every request would turn every read into a write; a minute is precise enough for a 30-minute idle timeout. */
const touchIntervalMs = 60_000;

const newSecret = () => randomBytes(32).toString('base64url');

export type SessionTimeouts = Pick<ServerConfig, 'sessionIdleMs' | 'sessionAbsoluteMs'>;

export async function createBrowserSession(
  tx: Database,
  input: { tenantId: string; userId: string; ip: string | null; userAgent: string | null; absoluteMs: number },
): Promise<{ secret: string; csrfToken: string }> {
  const secret = newSecret();
  const csrfToken = newSecret();
  await tx.insert(sessions).values({
    id: sha256(secret),
    tenantId: input.tenantId,
    userId: input.userId,
    kind: 'browser',
    csrfToken,
    expiresAt: new Date(Date.now() + input.absoluteMs),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { secret, csrfToken };
}

export async function createClientToken(
  tx: Database,
  input: { tenantId: string; devClientId: string; lifetimeMs: number; ip: string | null },
): Promise<string> {
  const secret = newSecret();
  await tx.insert(sessions).values({
    id: sha256(secret),
    tenantId: input.tenantId,
    devClientId: input.devClientId,
    kind: 'client',
    expiresAt: new Date(Date.now() + input.lifetimeMs),
    ip: input.ip,
  });
  return secret;
}

export async function deleteSession(tx: Database, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionBySecret(tx: Database, secret: string): Promise<void> {
  await deleteSession(tx, sha256(secret));
}

/** Ends every browser session of a user except `keepSessionId` (after a password change). */
export async function deleteUserSessions(tx: Database, userId: string, keepSessionId?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

export function setSessionCookies(reply: FastifyReply, request: FastifyRequest, session: { secret: string; csrfToken: string }, maxAgeMs: number): void {
  const common = { path: '/', secure: isHttps(request), maxAge: Math.floor(maxAgeMs / 1000) };
  // Lax, not Strict: a link from a mail or another site must still arrive signed in; writes are guarded by the CSRF token.
  reply.setCookie(sessionCookie, session.secret, { ...common, httpOnly: true, sameSite: 'lax' });
  reply.setCookie(csrfCookie, session.csrfToken, { ...common, httpOnly: false, sameSite: 'strict' });
}

export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest): void {
  const common = { path: '/', secure: isHttps(request) };
  reply.clearCookie(sessionCookie, { ...common, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(csrfCookie, { ...common, httpOnly: false, sameSite: 'strict' });
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match?.[1] ?? null;
}

export function csrfMatches(expected: string | null, presented: string | string[] | undefined): boolean {
  if (!expected || typeof presented !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type Authentication = {
  principal: Principal;
  via: 'cookie' | 'bearer' | null;
  csrfToken: string | null;
  /**
   * Until when (epoch ms) this answer stays true without another look at the session row: its
   * expiry, its idle timeout, or the next `last_seen_at` touch. Absent for anonymous callers.
   */
  freshUntil?: number;
};

const anonymous: Authentication = { principal: { kind: 'anonymous' }, via: null, csrfToken: null };

/**
 * Who is calling, read from the database so a role or permission change (or a disabled account)
 * applies to the very next request (src/auth/principal-cache.ts keeps answers only until the next
 * write). Runs inside the tenant's transaction: a session of another tenant is simply not found.
 */
export async function authenticate(
  tx: Database,
  input: { cookie: string | undefined; bearer: string | null; realm: string; timeouts: SessionTimeouts },
): Promise<Authentication> {
  const now = Date.now();
  if (input.bearer) {
    const [row] = await tx
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, devClientId: devClients.id, status: devClients.status, roleId: devClients.roleId })
      .from(sessions)
      .innerJoin(devClients, eq(devClients.id, sessions.devClientId))
      .where(and(eq(sessions.id, sha256(input.bearer)), eq(sessions.kind, 'client')))
      .limit(1);
    if (!row) return authenticateOAuthToken(tx, input.bearer, input.realm, now);
    if (row.status !== 'enabled' || row.expiresAt.getTime() <= now) return anonymous;
    const granted = await tx
      .select({ name: roles.name, permissions: roles.permissions, builtIn: roles.builtIn, dialIn: roles.dialIn, dialOut: roles.dialOut })
      .from(roles)
      .where(and(eq(roles.id, row.roleId), eq(roles.status, 'enabled')));
    const role = primaryRole(granted.map((r) => r.name), input.realm);
    return {
      principal: {
        kind: 'client',
        devClientId: row.devClientId,
        sessionId: row.id,
        role,
        permissions: new Set(granted.flatMap((r) => r.permissions)),
        groups: roleGroupsOf(granted, input.realm),
        dial: dialFlagsOf(granted),
      },
      via: 'bearer',
      csrfToken: null,
      freshUntil: row.expiresAt.getTime(),
    };
  }
  if (!input.cookie) return anonymous;
  const id = sha256(input.cookie);
  const row = await browserSessionRow(tx, id);
  if (!row) return anonymous;
  const idleExpired = row.lastSeenAt + input.timeouts.sessionIdleMs <= now;
  if (row.expiresAt <= now || idleExpired || row.userStatus !== 'enabled') {
    await tx.delete(sessions).where(eq(sessions.id, id));
    return anonymous;
  }
  let lastSeen = row.lastSeenAt;
  if (now - lastSeen > touchIntervalMs) {
    await tx.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
    lastSeen = now;
  }
  const active = row.held;
  const roleNames = active.map((r) => r.name);
  return {
    principal: {
      kind: 'user',
      userId: row.userId,
      sessionId: row.id,
      role: primaryRole(roleNames, input.realm),
      roles: roleNames,
      permissions: new Set(active.flatMap((r) => r.permissions)),
      groups: roleGroupsOf(active, input.realm),
      dial: dialFlagsOf(active),
    },
    via: 'cookie',
    csrfToken: row.csrfToken,
    freshUntil: Math.min(row.expiresAt, lastSeen + Math.min(touchIntervalMs, input.timeouts.sessionIdleMs)),
  };
}

type HeldRole = { name: string; permissions: string[]; builtIn: boolean; dialIn: boolean; dialOut: boolean };
type BrowserSessionRow = { id: string; userId: string; userStatus: string; csrfToken: string | null; lastSeenAt: number; expiresAt: number; held: HeldRole[] };

/**
 * A browser session with its user and the user's enabled roles, in one statement: every signed-in
 * request runs it, so its text goes straight to the driver (kernel/db/raw.ts): building it with the query
 * builder and mapping its row cost as much time as the database's own work here. Times come as
 * epoch milliseconds, the same from either driver.
 */
const browserSessionText = `
  select s.id, s.user_id, u.status, s.csrf_token,
    (extract(epoch from s.last_seen_at) * 1000)::float8,
    (extract(epoch from s.expires_at) * 1000)::float8,
    coalesce((
      select json_agg(json_build_object('name', r.name, 'permissions', r.permissions, 'builtIn', r.built_in, 'dialIn', r.dial_in, 'dialOut', r.dial_out))
      from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = u.id and r.status = 'enabled'
    ), '[]'::json)
  from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.kind = 'browser'
  limit 1`;

async function browserSessionRow(tx: Database, id: string): Promise<BrowserSessionRow | undefined> {
  const [row] = await rawValues(tx, browserSessionText, [id]);
  if (!row) return undefined;
  const [sessionId, userId, userStatus, csrfToken, lastSeenAt, expiresAt, held] = row;
  return { id: sessionId, userId, userStatus, csrfToken, lastSeenAt, expiresAt, held } as BrowserSessionRow;
}

/**
 * A developer client must be enabled; the Google add-on's tokens work while the person's Gmail
 * add-on plugin is on (the Apps screen's Disable stops them at once). Other platform clients (Slack)
 * get no tokens for /api/v1.
 */
async function clientStillAllowed(tx: Database, clientId: string, userId: string): Promise<boolean> {
  if (clientId === googleAddonClientId) {
    const [plugin] = await tx
      .select({ enabled: userPlugins.enabled })
      .from(userPlugins)
      .where(and(eq(userPlugins.userId, userId), eq(userPlugins.plugin, 'gmail-addon')))
      .limit(1);
    return plugin?.enabled === true;
  }
  const [client] = await tx.select({ status: devClients.status }).from(devClients).where(eq(devClients.clientId, clientId)).limit(1);
  return client?.status === 'enabled';
}

/**
 * An access token of the authorization server (src/oauth): found only in its own tenant (this
 * transaction's), unexpired, its grant not revoked and its client enabled. It acts as its user, with
 * the permissions of its scopes that the user holds. Never cached: a revocation applies at once.
 */
async function authenticateOAuthToken(tx: Database, bearer: string, realm: string, now: number): Promise<Authentication> {
  const [token] = await tx
    .select({ id: oauthRecords.id, payload: oauthRecords.payload, expiresAt: oauthRecords.expiresAt, grantId: oauthRecords.grantId })
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, 'AccessToken'), eq(oauthRecords.id, sha256(bearer))))
    .limit(1);
  const payload = token?.payload as { accountId?: string; clientId?: string; scope?: string; exp?: number } | undefined;
  if (!token || !payload?.accountId || !payload.clientId || !token.grantId) return anonymous;
  if ((token.expiresAt && token.expiresAt.getTime() <= now) || (payload.exp !== undefined && payload.exp * 1000 <= now)) return anonymous;
  const [grant] = await tx
    .select({ id: oauthRecords.id })
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, sha256(token.grantId))))
    .limit(1);
  if (!grant || !(await clientStillAllowed(tx, payload.clientId, payload.accountId))) return anonymous;
  const [user] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, payload.accountId)).limit(1);
  if (!user || user.status !== 'enabled') return anonymous;
  const held = await tx
    .select({ name: roles.name, permissions: roles.permissions, builtIn: roles.builtIn, dialIn: roles.dialIn, dialOut: roles.dialOut })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, user.id), eq(roles.status, 'enabled')));
  const roleNames = held.map((r) => r.name);
  return {
    principal: {
      kind: 'user',
      userId: user.id,
      sessionId: `oauth:${token.id}`,
      role: primaryRole(roleNames, realm),
      roles: roleNames,
      permissions: intersect(new Set(held.flatMap((r) => r.permissions)), permissionsOfScope(payload.scope ?? '')),
      groups: roleGroupsOf(held, realm),
      // Dialling is not among the scopes a client may ask for.
      dial: new Set(),
      oauthScopes: new Set((payload.scope ?? '').split(' ').filter(Boolean)),
    },
    via: 'bearer',
    csrfToken: null,
  };
}

/** Housekeeping at each sign-in: the user's sessions that can no longer be used are deleted. */
export async function deleteDeadSessions(tx: Database, userId: string, timeouts: SessionTimeouts): Promise<void> {
  const now = Date.now();
  await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - timeouts.sessionIdleMs))),
      ),
    );
}
