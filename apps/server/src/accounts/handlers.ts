// HTTP side of the account operations (all public but the email log): read the validated request,
// apply the per-address sign-up limit, call the service, shape the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { mailLinkOrigin } from '../mail/index.ts';
import { listEmailLog } from './email-log.ts';
import { enableAccount, requestPasswordReset, resendSignupMail as resendSignupMailTo, signUp, type AccountScope } from './service.ts';
import { takeAddressAttempt, type AddressBucket } from './signup-throttle.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function accountScopeOf(request: FastifyRequest): Promise<AccountScope> {
  const acceptLanguage = request.headers['accept-language'];
  return {
    ...scopeOf(request),
    origin: await mailLinkOrigin(request),
    acceptLanguage: typeof acceptLanguage === 'string' ? acceptLanguage : null,
  };
}

async function checkAddress(request: FastifyRequest, bucket: AddressBucket): Promise<void> {
  const { ctx } = request;
  const verdict = await ctx.db((tx) => takeAddressAttempt(tx, ctx.tenant.id, bucket, request.ip));
  if (!verdict.allowed) {
    throw new ProblemError(429, 'rate_limited', {
      detail: 'Too many requests from this address; try again later',
      headers: { 'retry-after': String(verdict.retryAfterSeconds) },
    });
  }
}

async function signupUser(request: OperationRequest<'signupUser'>, reply: FastifyReply) {
  await checkAddress(request, 'signup');
  const body = request.body;
  return created(reply, await signUp(await accountScopeOf(request), body));
}

// Resend and forgot-password are limited per client address and per recipient (service.ts).
async function resendSignupMail(request: OperationRequest<'resendSignupMail'>, reply: FastifyReply) {
  await checkAddress(request, 'mail');
  const scope = await accountScopeOf(request);
  // After answering: the answer must not take longer for an address that has an account.
  request.server.backgroundWork.run('resendSignupMail', () => resendSignupMailTo(scope, request.body.email));
  reply.code(202);
  return undefined;
}

async function enableUser(request: OperationRequest<'enableUser'>, reply: FastifyReply) {
  const body = request.body;
  await enableAccount(await accountScopeOf(request), body.token, body.password);
  return noContent(reply);
}

async function changePassword(request: OperationRequest<'changePassword'>, reply: FastifyReply) {
  await checkAddress(request, 'mail');
  const scope = await accountScopeOf(request);
  request.server.backgroundWork.run('requestPasswordReset', () => requestPasswordReset(scope, request.body.email));
  reply.code(202);
  return undefined;
}

async function getEmailLog(request: OperationRequest<'getEmailLog'>) {
  const { ctx } = request;
  const query = request.query;
  return ctx.db((tx) => listEmailLog(tx, ctx.tenant.id, query));
}

export const accountsHandlers = { signupUser, resendSignupMail, enableUser, changePassword, getEmailLog } satisfies OperationHandlers;
