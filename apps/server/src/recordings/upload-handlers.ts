// HTTP side of uploads, local recordings, retention's dry run and legal hold. The tus requests
// reach these handlers after the operation gate (session, CSRF, permission, role group) like any
// other operation; their bodies are left unread for the tus server (app/app.ts registers
// `application/offset+octet-stream` without a parser).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../kernel/audit/record.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { notFound, ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { listLocalRecordings } from './local-lists.ts';
import { lockedLegalHold, recordingTenantId, updateLegalHold } from './queries.ts';
import { previewRetention } from './retention.ts';
import { recordingUploadsOf } from './upload.ts';

function uploaderOf(request: FastifyRequest) {
  const { ctx } = request;
  if (ctx.principal.kind !== 'user') throw new ProblemError(403, 'forbidden', { detail: 'Uploads belong to a signed-in user' });
  return { tenantId: ctx.tenant.id, userId: ctx.principal.userId };
}

/** The caller's upload `uploadId` and the caller; anyone else's upload is 404. */
async function ownUpload(request: FastifyRequest<{ Params: { uploadId: string } }>) {
  const uploader = uploaderOf(request);
  const owner = await recordingUploadsOf(request.server).ownerOf(request.params.uploadId);
  if (!owner || owner.tenantId !== uploader.tenantId || owner.userId !== uploader.userId) {
    // An unread PATCH body: close rather than wait for it (see upload.ts problemOf).
    throw new ProblemError(404, 'not_found', request.method === 'PATCH' ? { headers: { connection: 'close' } } : {});
  }
  return uploader;
}

/** Passes a tus request about an existing upload of the caller on to the tus server. */
async function passOn(request: FastifyRequest<{ Params: { uploadId: string } }>, reply: FastifyReply): Promise<void> {
  const uploader = await ownUpload(request);
  await recordingUploadsOf(request.server).handle(request, reply, uploader);
}

async function uploadRecordings(request: OperationRequest<'uploadRecordings'>, reply: FastifyReply) {
  await recordingUploadsOf(request.server).handle(request, reply, uploaderOf(request));
  return reply as never;
}

// GET answers the progress as JSON; Fastify's HEAD of the same route is the tus offset request.
async function getRecordingUpload(request: OperationRequest<'getRecordingUpload'>, reply: FastifyReply) {
  if (request.method === 'HEAD') {
    await passOn(request, reply);
    return reply as never;
  }
  await ownUpload(request);
  const progress = await recordingUploadsOf(request.server).progress(request.params.uploadId);
  reply.header('upload-offset', String(progress.offset)).header('cache-control', 'no-store').header('tus-resumable', '1.0.0');
  if (progress.length !== null) reply.header('upload-length', String(progress.length));
  return progress;
}

async function continueRecordingUpload(request: OperationRequest<'continueRecordingUpload'>, reply: FastifyReply) {
  await passOn(request, reply);
  return reply as never;
}

async function cancelRecordingUpload(request: OperationRequest<'cancelRecordingUpload'>, reply: FastifyReply) {
  await passOn(request, reply);
  return reply as never;
}

async function getMyRecordings(request: OperationRequest<'getMyRecordings'>) {
  const { ctx } = request;
  const ownerId = ctx.principal.kind === 'user' ? ctx.principal.userId : null;
  if (!ownerId) return { items: [], nextCursor: null };
  return listLocalRecordings({ db: ctx.db, ownerId, allTenants: false }, request.query);
}

async function getLocalRecordings(request: OperationRequest<'getLocalRecordings'>) {
  const { database } = request.server;
  return listLocalRecordings({ db: (fn) => database.withPlatform(fn), ownerId: null, allTenants: true }, request.query);
}

async function previewRecordingRetention(request: OperationRequest<'previewRecordingRetention'>) {
  const now = request.server.jobs.now();
  return request.server.database.withPlatform((tx) => previewRetention(tx, request.body.autoDeleteDays, now));
}

async function setRecordingLegalHold(request: OperationRequest<'setRecordingLegalHold'>) {
  const scope = scopeOf(request);
  const { recordingId } = request.params;
  const { legalHold } = request.body;
  // The super administrator holds any tenant's recording, worked on inside that tenant.
  let tenantId = scope.tenantId;
  if (isPlatformAdmin(request)) {
    const found = await scope.database.withPlatform((tx) => recordingTenantId(tx, recordingId));
    if (!found) throw notFound();
    tenantId = found;
  }
  const actor = tenantId === scope.tenantId ? scope.audit : await scope.actorIn(tenantId);
  return scope.database.withTenant(tenantId, async (tx) => {
    const held = await lockedLegalHold(tx, tenantId, recordingId);
    if (held === null) throw notFound();
    if (held !== legalHold) {
      await updateLegalHold(tx, recordingId, legalHold);
      await recordAudit(tx, actor, { action: 'update', entity: 'recording', entityId: recordingId, before: { legalHold: held }, after: { legalHold } });
    }
    return { id: recordingId, legalHold };
  });
}

export const recordingUploadHandlers = {
  uploadRecordings,
  getRecordingUpload,
  continueRecordingUpload,
  cancelRecordingUpload,
  getMyRecordings,
  getLocalRecordings,
  previewRecordingRetention,
  setRecordingLegalHold,
} satisfies OperationHandlers;
