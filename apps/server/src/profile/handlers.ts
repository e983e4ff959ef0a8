// HTTP side of the profile and session operations: who is calling, the request's parts, the
// response shape. The rules are in service.ts.
import { mailLinkOrigin } from '../mail/index.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../kernel/audit/record.ts';
import { callerOf } from '../kernel/access/caller.ts';
import { clearSessionCookies, outranks } from '../auth/index.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import { forbidden, notFound } from '../kernel/http/problem.ts';
import { deleteSessionsOf, findUser, tenantRoles } from '../users/index.ts';
import { contentTypeOfExt } from './image-type.ts';
import {
  changePassword,
  confirmEmailChange,
  endSession,
  getProfile as readProfile,
  listSessions,
  loadPicture,
  removePicture,
  replacePicture,
  requestEmailChange,
  updateProfile as changeProfile,
  type Me,
} from './service.ts';
import { noContent } from '../kernel/http/replies.ts';

/** A developer client's token has no profile and no sessions of its own. */
function meOf(request: FastifyRequest): Me {
  const { ctx } = request;
  const { principal } = ctx;
  if (principal.kind !== 'user') throw forbidden();
  return { tenantId: ctx.tenant.id, userId: principal.userId, sessionId: principal.sessionId, db: ctx.db };
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

async function getProfile(request: OperationRequest<'getProfile'>) {
  return readProfile(meOf(request));
}

async function updateProfile(request: OperationRequest<'updateProfile'>) {
  return changeProfile(meOf(request), request.body);
}

async function changeEmail(request: OperationRequest<'changeEmail'>, reply: FastifyReply) {
  const profile = await requestEmailChange(meOf(request), request.body, {
    origin: await mailLinkOrigin(request),
    acceptLanguage: header(request, 'accept-language'),
  });
  reply.code(202);
  return profile;
}

async function confirmEmail(request: OperationRequest<'confirmEmail'>) {
  const { token } = request.body;
  return confirmEmailChange(meOf(request), token);
}

async function updateProfilePassword(request: OperationRequest<'updateProfilePassword'>, reply: FastifyReply) {
  await changePassword(meOf(request), request.body);
  return noContent(reply);
}

async function uploadProfilePicture(request: OperationRequest<'uploadProfilePicture'>) {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return replacePicture(meOf(request), request.server.files, body);
}

async function deleteProfilePicture(request: OperationRequest<'deleteProfilePicture'>, reply: FastifyReply) {
  await removePicture(meOf(request), request.server.files);
  return noContent(reply);
}

async function getProfilePicture(request: OperationRequest<'getProfilePicture'>, reply: FastifyReply) {
  const { userId, file } = request.params;
  const { ctx } = request;
  const picture = await loadPicture({ tenantId: ctx.tenant.id, db: ctx.db }, request.server.files, userId, `${apiPrefix}/profile-pictures/${userId}/${file}`);
  // The URL names one version of the picture: it never changes, only stops being served.
  reply.header('content-type', contentTypeOfExt(picture.ext)).header('cache-control', 'private, max-age=31536000, immutable');
  return picture.bytes;
}

async function getSessions(request: OperationRequest<'getSessions'>) {
  return { items: await listSessions(meOf(request), request.server.config.sessionIdleMs) };
}

async function deleteSession(request: OperationRequest<'deleteSession'>, reply: FastifyReply) {
  const { sessionId } = request.params;
  const { current } = await endSession(meOf(request), request.server.config.sessionIdleMs, sessionId);
  if (current) clearSessionCookies(reply, request);
  return noContent(reply);
}

async function deleteUserSessions(request: OperationRequest<'deleteUserSessions'>, reply: FastifyReply) {
  const { userId } = request.params;
  const { ctx } = request;
  await ctx.db(async (tx) => {
    const target = await findUser(tx, ctx.tenant.id, userId);
    if (!target) throw notFound();
    // The same rule as editing the user: nobody acts on an account that outranks them.
    if (outranks(callerOf(ctx.principal), await tenantRoles(tx, ctx.tenant.id), target.roles)) throw forbidden();
    const sessionsEnded = await deleteSessionsOf(tx, ctx.tenant.id, target.id);
    // The log's actions are create/update/delete: ending the sessions updates the account's way in.
    await recordAudit(tx, auditActorOf(request), { action: 'update', entity: 'user', entityId: target.id, after: { sessionsEnded } });
  });
  return noContent(reply);
}

export const profileHandlers = {
  getProfile,
  updateProfile,
  changeEmail,
  confirmEmail,
  updateProfilePassword,
  uploadProfilePicture,
  deleteProfilePicture,
  getProfilePicture,
  getSessions,
  deleteSession,
  deleteUserSessions,
} satisfies OperationHandlers;
