// Sign-in, sign-out, password setting and the signed-in user's own data (profile, menu, settings,
// quick panel). The operation gate in src/app/routes.ts has already resolved the tenant,
// authenticated the caller and checked `x-permission` when these run.
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonResponse, Schemas } from '../kernel/http/api.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { ProblemError, fieldError, forbidden } from '../kernel/http/problem.ts';
import type { Principal } from '../kernel/http/request-context.ts';
import { callerOf } from '../kernel/access/caller.ts';
import { maintenanceProblem, tenantClosedForMaintenance } from '../settings/index.ts';
import { findActiveTenant } from '../kernel/tenancy/tenancy.ts';
import { sha256 } from '../kernel/crypto/digest.ts';
import { createActionToken, redeemActionToken } from './action-tokens.ts';
import { registerSignInAttempt, resetAttempts, signInSucceeded, tooManyAttempts } from '../kernel/throttle/password-guesses.ts';
import { navigationFor } from './navigation.ts';
import { findUserByEmail } from './providers/queries.ts';
import { countTenantUsers, currentUserRow, findDevClient, recentSignIns, saveLayoutSettings, setPassword } from './queries.ts';
import { hashPassword, passwordRule, verifyPassword } from '../kernel/crypto/passwords.ts';
import {
  clearSessionCookies,
  createBrowserSession,
  createClientToken,
  deleteDeadSessions,
  deleteSession,
  deleteSessionBySecret,
  deleteUserSessions,
  sessionCookie,
  setSessionCookies,
} from './sessions.ts';
import { noContent } from '../kernel/http/replies.ts';

export const defaultLayoutSettings: Schemas['LayoutSettings'] = { layout: 'vertical', navbarFolded: false, colorScheme: 'auto', shortcuts: [] };

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** The /me operations describe a person; a developer client's token has none. */
function signedInUser(request: FastifyRequest): UserPrincipal {
  const { principal } = request.ctx;
  if (principal.kind !== 'user') throw forbidden();
  return principal;
}

const clientIp = (request: FastifyRequest) => request.ip || null;

async function loginUser(request: OperationRequest<'loginUser'>, reply: FastifyReply): Promise<JsonResponse<'loginUser', 200>> {
  const { body, ctx, server } = request;
  const email = body.email.trim().toLowerCase();
  // Counted and committed before the (slow) hash runs, so concurrent guesses see each other.
  const address = clientIp(request);
  const { verdict, user } = await ctx.db(async (tx) => {
    const verdict = await registerSignInAttempt(tx, ctx.tenant.id, email, address);
    if (!verdict.allowed) return { verdict, user: undefined };
    return { verdict, user: await findUserByEmail(tx, ctx.tenant.id, email) };
  });
  if (!verdict.allowed) {
    throw tooManyAttempts(
      verdict.retryAfterSeconds,
      verdict.lockedOut === 'address' ? 'Too many failed sign-ins from this address; try again later' : 'Too many failed sign-ins for this account from this address; try again later',
    );
  }
  // Outside the transaction: a slowed attempt must not hold the database.
  if (verdict.delayMs > 0) await setTimeout(verdict.delayMs);
  // An unknown email still costs one hash, so response time does not tell which accounts exist.
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) throw new ProblemError(401, 'invalid_credentials');
  // Said only to whoever knows the password, so it tells a stranger nothing about the account.
  if (user.status !== 'enabled') {
    throw new ProblemError(403, 'account_disabled', { detail: 'This account is disabled; ask your administrator to enable it' });
  }

  const presented = request.cookies[sessionCookie];
  const result = await ctx.db(async (tx) => {
    await signInSucceeded(tx, ctx.tenant.id, email, address);
    // Rotation: whatever session the browser held before is ended, never upgraded.
    if (presented) await deleteSessionBySecret(tx, presented);
    await deleteDeadSessions(tx, user.id, server.config);
    if (user.changePasswordOnSignIn) {
      return { tmpid: await createActionToken(tx, { tenantId: ctx.tenant.id, userId: user.id, purpose: 'change_password' }), session: null, twoFactor: false };
    }
    // Two-factor on: the password alone starts nothing; login2FA takes the tmpid with a code.
    if (user.totpEnabledAt) {
      return { tmpid: await createActionToken(tx, { tenantId: ctx.tenant.id, userId: user.id, purpose: 'two_factor' }), session: null, twoFactor: true };
    }
    const session = await createBrowserSession(tx, {
      tenantId: ctx.tenant.id,
      userId: user.id,
      ip: clientIp(request),
      userAgent: request.headers['user-agent'] ?? null,
      absoluteMs: server.config.sessionAbsoluteMs,
    });
    return { tmpid: null, session, twoFactor: false };
  });
  if (result.session) setSessionCookies(reply, request, result.session, server.config.sessionAbsoluteMs);
  else if (presented) clearSessionCookies(reply, request);
  return {
    firstname: user.firstName,
    lastname: user.lastName,
    profile_picture: user.photoUrl,
    email: user.email,
    change_password: result.session === null && !result.twoFactor,
    two_factor: result.twoFactor,
    tmpid: result.tmpid,
    csrfToken: result.session?.csrfToken ?? null,
  };
}

async function logoutUser(request: FastifyRequest, reply: FastifyReply): Promise<undefined> {
  const { principal } = request.ctx;
  if (principal.kind !== 'anonymous') {
    await request.ctx.db((tx) => deleteSession(tx, principal.sessionId));
  }
  clearSessionCookies(reply, request);
  return noContent(reply);
}

/** Developer clients authenticate with the realm they belong to; System_Tenant is the spec's name for `system`. */
function realmToSname(realm: string): string {
  const lower = realm.trim().toLowerCase();
  return lower === 'system_tenant' ? 'system' : lower;
}

async function loginClient(request: OperationRequest<'loginClient'>): Promise<JsonResponse<'loginClient', 200>> {
  const { body, server } = request;
  const tenant = await findActiveTenant(server.database, realmToSname(body.realm));
  // The gate judged the host's tenant; the token is for the body's realm. Said before the secret is
  // checked, so the answer tells nothing about the credentials.
  if (tenant && (await tenantClosedForMaintenance(server.database, tenant.sname))) throw maintenanceProblem();
  const client = tenant
    ? await server.database.withTenant(tenant.id, (tx) => findDevClient(tx, body.appId))
    : undefined;
  const valid = await verifyPassword(client?.secretHash ?? null, body.appSecret);
  if (!tenant || !client || !valid || client.status !== 'enabled') throw new ProblemError(401, 'invalid_credentials');
  const lifetimeMs = server.config.clientTokenMs;
  const accessToken = await server.database.withTenant(tenant.id, (tx) =>
    createClientToken(tx, { tenantId: tenant.id, devClientId: client.id, lifetimeMs, ip: clientIp(request) }),
  );
  return { accessToken, tokenType: 'Bearer', expiresIn: Math.floor(lifetimeMs / 1000) };
}

async function updatePassword(request: OperationRequest<'updatePassword'>, reply: FastifyReply): Promise<undefined> {
  const { body, ctx } = request;
  if ((body.token === undefined) === (body.tmpid === undefined)) {
    throw fieldError('token', 'required', 'Send exactly one of token (from a mail) or tmpid (from sign-in)');
  }
  if (!passwordRule.test(body.password)) throw fieldError('password', 'weak_password');
  const passwordHash = await hashPassword(body.password);
  const presented = request.cookies[sessionCookie];
  const updated = await ctx.db(async (tx) => {
    const redeemed = body.token
      ? await redeemActionToken(tx, body.token, ['invite', 'reset_password'])
      : await redeemActionToken(tx, body.tmpid ?? '', ['change_password']);
    // A mailed link's refusal says why (the screen offers a new link); a sign-in's tmpid just needs a new sign-in.
    if (!redeemed.ok) return body.token ? redeemed.reason : 'token_invalid';
    const user = await setPassword(tx, redeemed.userId, passwordHash);
    if (!user) return 'token_invalid';
    // A new password ends every other session of the account (someone else may have known the old one).
    await deleteUserSessions(tx, user.id, presented ? sha256(presented) : undefined);
    await resetAttempts(tx, ctx.tenant.id, user.email);
    return null;
  });
  // Distinct codes so the screen can say whether the link was used, expired or never valid.
  if (updated) throw new ProblemError(400, updated, { detail: 'The link or temporary id is unknown, used or expired' });
  return noContent(reply);
}

async function getCurrentUser(request: FastifyRequest): Promise<JsonResponse<'getCurrentUser', 200>> {
  const user = await currentUserOf(request, signedInUser(request));
  if (!user) throw new ProblemError(401, 'unauthenticated');
  return user;
}

/** Like getCurrentUser, but "not signed in" is an answer (null), not a 401 the browser logs as an error. */
async function getSession(request: FastifyRequest): Promise<JsonResponse<'getSession', 200>> {
  const { principal } = request.ctx;
  return { user: principal.kind === 'user' ? await currentUserOf(request, principal) : null };
}

async function currentUserOf(request: FastifyRequest, principal: UserPrincipal): Promise<JsonResponse<'getCurrentUser', 200> | null> {
  const { ctx } = request;
  const row = await ctx.db((tx) => currentUserRow(tx, principal.userId, principal.oauthScopes ? null : principal.sessionId));
  if (!row) return null;
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName ?? `${user.firstName} ${user.lastName}`,
    role: principal.role,
    roles: principal.roles,
    roleGroups: [...principal.groups].sort(),
    photoURL: user.photoUrl,
    tenant: row.tenant,
    settings: user.settings ?? defaultLayoutSettings,
    permissions: [...principal.permissions].sort(),
    csrfToken: row.csrfToken ?? '',
    // The portal applies these at once: language, and how it writes dates and times.
    language: user.language,
    timeZone: user.timeZone,
    dateFormat: user.dateFormat as Schemas['DateFormat'],
    timeFormat: user.timeFormat as Schemas['TimeFormat'],
  };
}

async function getUserPermissions(request: FastifyRequest): Promise<JsonResponse<'getUserPermissions', 200>> {
  const { principal } = request.ctx;
  if (principal.kind === 'anonymous') throw new ProblemError(401, 'unauthenticated');
  return {
    data: { children: navigationFor(principal) },
    permissions: [...principal.permissions].sort(),
    role: principal.role,
    roleGroups: [...principal.groups].sort(),
  };
}

async function updateUserSettings(request: OperationRequest<'updateUserSettings'>): Promise<JsonResponse<'updateUserSettings', 200>> {
  const principal = signedInUser(request);
  // The spec keeps a guest's theme changes in the browser only.
  if (principal.role === 'guest') throw forbidden();
  const settings = request.body;
  const stored: Schemas['LayoutSettings'] = {
    layout: settings.layout,
    navbarFolded: settings.navbarFolded,
    colorScheme: settings.colorScheme,
    shortcuts: [...new Set(settings.shortcuts)],
  };
  await request.ctx.db((tx) => saveLayoutSettings(tx, principal.userId, stored));
  return stored;
}

async function getQuickPanelData(request: FastifyRequest): Promise<JsonResponse<'getQuickPanelData', 200>> {
  const { ctx } = request;
  const { principal } = ctx;
  return ctx.db(async (tx) => {
    const userCount = await countTenantUsers(tx, ctx.tenant.id);
    const sections: JsonResponse<'getQuickPanelData', 200>['sections'] = [
      {
        id: 'tenant',
        title: 'Your tenant',
        items: [
          { label: ctx.tenant.name, description: `Realm: ${ctx.tenant.sname}` },
          // How many people the tenant has is for those who may list them, not every member.
          ...(callerOf(principal).permissions.has('user.get') ? [{ label: 'Users', description: String(userCount) }] : []),
        ],
      },
    ];
    if (principal.kind === 'user') {
      const recent = await recentSignIns(tx, principal.userId, 5);
      sections.push({
        id: 'recent-sign-ins',
        title: 'Recent sign-ins',
        items: recent.map((session) => ({
          label: session.createdAt.toISOString(),
          description: [session.ip ?? 'unknown address', session.userAgent ?? 'unknown browser'].join(' · '),
        })),
      });
    }
    return { sections };
  });
}

export const authHandlers = {
  loginUser,
  logoutUser,
  loginClient,
  updatePassword,
  getCurrentUser,
  getSession,
  getUserPermissions,
  updateUserSettings,
  getQuickPanelData,
} satisfies OperationHandlers;
