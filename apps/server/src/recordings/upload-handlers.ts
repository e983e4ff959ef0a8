// HTTP side of uploads, local recordings, retention's dry run and legal hold. The tus requests
// reach these handlers after the operation gate (session, CSRF, permission, role group) like any
// other operation; their bodies are left unread for the tus server (app/app.ts registers
// `application/offset+octet-stream` without a parser).
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../kernel/audit/record.ts';
import { recordings } from '../kernel/db/schema.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { notFound, ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { listLocalRecordings } from './local-lists.ts';
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

export const recordingUploadHandlers: OperationHandlers = {
  async uploadRecordings(request, reply) {
    await recordingUploadsOf(request.server).handle(request, reply, uploaderOf(request));
    return reply as never;
  },
  // GET answers the progress as JSON; Fastify's HEAD of the same route is the tus offset request.
  async getRecordingUpload(request, reply) {
    if (request.method === 'HEAD') {
      await passOn(request, reply);
      return reply as never;
    }
    await ownUpload(request);
    const progress = await recordingUploadsOf(request.server).progress(request.params.uploadId);
    reply.header('upload-offset', String(progress.offset)).header('cache-control', 'no-store').header('tus-resumable', '1.0.0');
    if (progress.length !== null) reply.header('upload-length', String(progress.length));
    return progress;
  },
  async continueRecordingUpload(request, reply) {
    await passOn(request, reply);
    return reply as never;
  },
  async cancelRecordingUpload(request, reply) {
    await passOn(request, reply);
    return reply as never;
  },

  async getMyRecordings(request) {
    const { ctx } = request;
    const ownerId = ctx.principal.kind === 'user' ? ctx.principal.userId : null;
    if (!ownerId) return { items: [], nextCursor: null };
    return listLocalRecordings({ db: ctx.db, ownerId, allTenants: false }, request.query);
  },

  async getLocalRecordings(request) {
    const { database } = request.server;
    return listLocalRecordings({ db: (fn) => database.withPlatform(fn), ownerId: null, allTenants: true }, request.query);
  },

  async previewRecordingRetention(request) {
    const now = request.server.jobs.now();
    return request.server.database.withPlatform((tx) => previewRetention(tx, request.body.autoDeleteDays, now));
  },

  async setRecordingLegalHold(request) {
    const scope = scopeOf(request);
    const { recordingId } = request.params;
    const { legalHold } = request.body;
    // The super administrator holds any tenant's recording, worked on inside that tenant.
    let tenantId = scope.tenantId;
    if (isPlatformAdmin(request)) {
      const [found] = await scope.database.withPlatform((tx) => tx.select({ tenantId: recordings.tenantId }).from(recordings).where(eq(recordings.id, recordingId)).limit(1));
      if (!found) throw notFound();
      tenantId = found.tenantId;
    }
    const actor = tenantId === scope.tenantId ? scope.audit : await scope.actorIn(tenantId);
    return scope.database.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ legalHold: recordings.legalHold })
        .from(recordings)
        .where(and(eq(recordings.id, recordingId), eq(recordings.tenantId, tenantId)))
        .for('update');
      if (!row) throw notFound();
      if (row.legalHold !== legalHold) {
        await tx.update(recordings).set({ legalHold }).where(eq(recordings.id, recordingId));
        await recordAudit(tx, actor, { action: 'update', entity: 'recording', entityId: recordingId, before: { legalHold: row.legalHold }, after: { legalHold } });
      }
      return { id: recordingId, legalHold };
    });
  },
};
