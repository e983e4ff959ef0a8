// HTTP side of two-factor authentication (get2FA, enable2FA, disable2FA, login2FA and the status
// the profile panel shows). Rules live in service.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonResponse } from '../../kernel/http/api.ts';
import type { OperationHandlers, OperationRequest } from '../../kernel/http/handler.ts';
import { scopeOf } from '../../kernel/http/request-scope.ts';
import { forbidden } from '../../kernel/http/problem.ts';
import { deleteDeadSessions, deleteSessionBySecret, createBrowserSession, sessionCookie, setSessionCookies } from '../sessions.ts';
import { disable, enable, startSetup, twoFactorStatus, verifySecondFactor } from './service.ts';
import { noContent } from '../../kernel/http/replies.ts';

/** A developer client's token has no password or authenticator. */
function signedInUserId(request: FastifyRequest): string {
  const { principal } = request.ctx;
  if (principal.kind !== 'user') throw forbidden();
  return principal.userId;
}

async function getTwoFactorStatus(request: FastifyRequest): Promise<JsonResponse<'getTwoFactorStatus', 200>> {
  return twoFactorStatus(scopeOf(request), signedInUserId(request));
}

async function get2FA(request: OperationRequest<'get2FA'>): Promise<JsonResponse<'get2FA', 200>> {
  const { body } = request;
  return startSetup(scopeOf(request), { userId: signedInUserId(request), password: body.password, issuer: request.ctx.tenant.name });
}

async function enable2FA(request: OperationRequest<'enable2FA'>): Promise<JsonResponse<'enable2FA', 200>> {
  const { body } = request;
  return enable(scopeOf(request), { userId: signedInUserId(request), code: body.code });
}

async function disable2FA(request: OperationRequest<'disable2FA'>, reply: FastifyReply): Promise<undefined> {
  const { body } = request;
  await disable(scopeOf(request), { userId: signedInUserId(request), password: body.password, code: body.code });
  return noContent(reply);
}

async function login2FA(request: OperationRequest<'login2FA'>, reply: FastifyReply): Promise<JsonResponse<'login2FA', 200>> {
  const { body, ctx, server } = request;
  const user = await verifySecondFactor(scopeOf(request), body);
  // From here on exactly as loginUser: the browser's earlier session is ended (rotation), never upgraded.
  const presented = request.cookies[sessionCookie];
  const session = await ctx.db(async (tx) => {
    if (presented) await deleteSessionBySecret(tx, presented);
    await deleteDeadSessions(tx, user.id, server.config);
    return createBrowserSession(tx, {
      tenantId: ctx.tenant.id,
      userId: user.id,
      ip: request.ip || null,
      userAgent: request.headers['user-agent'] ?? null,
      absoluteMs: server.config.sessionAbsoluteMs,
    });
  });
  setSessionCookies(reply, request, session, server.config.sessionAbsoluteMs);
  return {
    firstname: user.firstName,
    lastname: user.lastName,
    profile_picture: user.photoUrl,
    email: user.email,
    change_password: false,
    two_factor: false,
    tmpid: null,
    csrfToken: session.csrfToken,
  };
}

export const twoFactorHandlers = {
  getTwoFactorStatus,
  get2FA,
  enable2FA,
  disable2FA,
  login2FA,
} satisfies OperationHandlers;
