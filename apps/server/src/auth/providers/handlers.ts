// HTTP side of external sign-in (OpenID Connect) and of the tenant's SSO settings. The browser
// asks authProviderLogin/authProviderSignup for the provider's authorization URL, signs in there,
// and comes back to authProviderCallback, which starts a session like loginUser and redirects
// into the portal.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonResponse } from '../../kernel/http/api.ts';
import type { OperationHandlers, OperationRequest } from '../../kernel/http/handler.ts';
import { scopeOf } from '../../kernel/http/request-scope.ts';
import { apiPrefix } from '../../kernel/http/openapi.ts';
import { ProblemError, notFound } from '../../kernel/http/problem.ts';
import type { RequestContext } from '../../kernel/http/request-context.ts';
import { createActionToken } from '../action-tokens.ts';
import { authRequestKey, bindBrowser, bindingCookie } from './browser-binding.ts';
import { dropProcessCaches } from '../../kernel/db/process-cache.ts';
import { createBrowserSession, deleteDeadSessions, deleteSessionBySecret, sessionCookie, setSessionCookies } from '../sessions.ts';
import { findProvider, insertAuthRequest, listProviders, takeAuthRequest, tenantSignup, type ProviderRow } from './queries.ts';
import { finishAuthorization, ProviderError, startAuthorization, type ProviderSettings } from './relying-party.ts';
import { loginErrorPath, safeReturnTo, twoFactorLoginPath } from './return-to.ts';
import { resolveSignIn } from './sign-in.ts';
import { createSsoProvider, listSsoProviders, updateSsoProvider } from './settings.ts';
import { created } from '../../kernel/http/replies.ts';

/** How long the provider's sign-in may take before the callback no longer accepts its state. */
export const authRequestLifetimeMs = 10 * 60_000;

export const callbackPath = `${apiPrefix}/auth/providers/callback`;
export const redirectUriOf = (ctx: RequestContext) => `${ctx.origin}${callbackPath}`;

function settingsOf(request: FastifyRequest, row: ProviderRow): ProviderSettings {
  return {
    id: row.id,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecret ? request.server.secrets.open(row.clientSecret) : null,
    scopes: row.scopes,
  };
}

async function authProviderConfigs(request: FastifyRequest): Promise<JsonResponse<'authProviderConfigs', 200>> {
  const { ctx } = request;
  return ctx.db(async (tx) => {
    const rows = await listProviders(tx, ctx.tenant.id, true);
    const signup = await tenantSignup(tx, ctx.tenant.id);
    return { providers: rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind })), signupSocial: signup.social };
  });
}

async function startExternalSignIn(
  request: OperationRequest<'authProviderLogin' | 'authProviderSignup'>,
  reply: FastifyReply,
  intent: 'login' | 'signup',
): Promise<{ authorizationUrl: string }> {
  const { body, ctx, server } = request;
  const { provider, signup } = await ctx.db(async (tx) => ({
    provider: await findProvider(tx, ctx.tenant.id, body.providerId),
    signup: await tenantSignup(tx, ctx.tenant.id),
  }));
  // Another tenant's provider and a disabled one look the same as none.
  if (!provider || provider.status !== 'enabled') throw notFound();
  if (intent === 'signup' && !signup.social) throw new ProblemError(403, 'signup_closed', { detail: 'This tenant does not allow sign-up with external accounts' });
  let started: Awaited<ReturnType<typeof startAuthorization>>;
  try {
    started = await startAuthorization(settingsOf(request, provider), redirectUriOf(ctx));
  } catch (error) {
    request.log.warn({ err: error, providerId: provider.id }, 'identity provider unavailable');
    throw new ProblemError(502, 'provider_unavailable', { detail: 'The identity provider could not be reached; try again later' });
  }
  const binding = bindBrowser(request, reply, callbackPath, authRequestLifetimeMs);
  await ctx.db((tx) =>
    insertAuthRequest(tx, {
      id: authRequestKey(started.state, binding),
      tenantId: ctx.tenant.id,
      providerId: provider.id,
      intent,
      // Useless without the code, but it is a credential of the exchange: kept sealed.
      codeVerifier: server.secrets.seal(started.codeVerifier),
      nonce: started.nonce,
      returnTo: safeReturnTo(body.returnTo),
      expiresAt: new Date(Date.now() + authRequestLifetimeMs),
    }),
  );
  return { authorizationUrl: started.authorizationUrl };
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  reply.header('cache-control', 'no-store');
  return reply.redirect(location, 302);
}

async function authProviderCallback(request: OperationRequest<'authProviderCallback'>, reply: FastifyReply): Promise<FastifyReply> {
  const { ctx, server, query } = request;
  const fail = (code: string) => redirect(reply, loginErrorPath(code));
  if (!query.state) return fail('provider_state_invalid');

  const pending = await ctx.db(async (tx) => {
    const authRequest = await takeAuthRequest(tx, ctx.tenant.id, authRequestKey(query.state ?? '', request.cookies[bindingCookie]));
    const provider = authRequest ? await findProvider(tx, ctx.tenant.id, authRequest.providerId) : null;
    return { authRequest, provider };
  });
  const { authRequest, provider } = pending;
  if (!authRequest || authRequest.expiresAt.getTime() <= Date.now()) return fail('provider_state_invalid');
  if (!provider || provider.status !== 'enabled') return fail('provider_failed');

  // The redirect URI with exactly the parameters the provider sent back.
  const callbackUrl = new URL(redirectUriOf(ctx));
  callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
  let claims: Awaited<ReturnType<typeof finishAuthorization>>;
  try {
    claims = await finishAuthorization(settingsOf(request, provider), callbackUrl, {
      state: query.state,
      nonce: authRequest.nonce,
      codeVerifier: server.secrets.open(authRequest.codeVerifier),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn({ err: error, cause: error.cause, providerId: provider.id }, 'external sign-in failed');
    return fail(error.reason === 'denied' ? 'provider_denied' : 'provider_failed');
  }

  const presented = request.cookies[sessionCookie];
  const outcome = await ctx.db(async (tx) => {
    const signup = await tenantSignup(tx, ctx.tenant.id);
    const resolved = await resolveSignIn(tx, {
      tenantId: ctx.tenant.id,
      signupSocial: signup.social,
      provider: { id: provider.id, roleMapping: provider.roleMapping ?? null },
      claims,
    });
    if ('refused' in resolved) return resolved;
    // The provider vouches for the person, not for their second factor: as in loginUser, no
    // session starts until login2FA has the code.
    if (resolved.user.totpEnabledAt) {
      return { kind: 'two_factor' as const, tmpid: await createActionToken(tx, { tenantId: ctx.tenant.id, userId: resolved.user.id, purpose: 'two_factor' }) };
    }
    // Rotation, as in loginUser: whatever session the browser held before is ended.
    if (presented) await deleteSessionBySecret(tx, presented);
    await deleteDeadSessions(tx, resolved.user.id, server.config);
    const session = await createBrowserSession(tx, {
      tenantId: ctx.tenant.id,
      userId: resolved.user.id,
      ip: request.ip || null,
      userAgent: request.headers['user-agent'] ?? null,
      absoluteMs: server.config.sessionAbsoluteMs,
    });
    return { kind: 'signed_in' as const, session, created: resolved.created, userId: resolved.user.id };
  });
  if ('refused' in outcome) return fail(outcome.refused);
  if (outcome.kind === 'two_factor') return redirect(reply, twoFactorLoginPath(safeReturnTo(authRequest.returnTo), outcome.tmpid));
  request.log.info({ providerId: provider.id, userId: outcome.userId, created: outcome.created }, 'external sign-in');
  // A GET that wrote (a session, maybe an account): drop process caches as every write does (src/app/routes.ts).
  dropProcessCaches(server.database);
  setSessionCookies(reply, request, outcome.session, server.config.sessionAbsoluteMs);
  return redirect(reply, safeReturnTo(authRequest.returnTo));
}

async function authProviderLogin(request: OperationRequest<'authProviderLogin'>, reply: FastifyReply) {
  return startExternalSignIn(request, reply, 'login');
}

async function authProviderSignup(request: OperationRequest<'authProviderSignup'>, reply: FastifyReply) {
  return startExternalSignIn(request, reply, 'signup');
}

async function getTenantSSO(request: OperationRequest<'getTenantSSO'>): Promise<JsonResponse<'getTenantSSO', 200>> {
  return { items: await listSsoProviders(scopeOf(request)), redirectUri: redirectUriOf(request.ctx) };
}

async function addTenantSSO(request: OperationRequest<'addTenantSSO'>, reply: FastifyReply) {
  return created(reply, await createSsoProvider(scopeOf(request), request.body));
}

async function updateTenantSSO(request: OperationRequest<'updateTenantSSO'>) {
  return updateSsoProvider(scopeOf(request), request.params.providerId, request.body);
}

export const providerHandlers = {
  authProviderConfigs,
  authProviderLogin,
  authProviderSignup,
  authProviderCallback,
  getTenantSSO,
  addTenantSSO,
  updateTenantSSO,
} satisfies OperationHandlers;
