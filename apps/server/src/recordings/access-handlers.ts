// Access to recordings beyond the list: download of a file, share links and the public player's
// calls. Each checks the recording settings' authorised address first (address-restriction.ts).
import { crossTenantActor } from '../kernel/audit/actor.ts';
import { auditActorOf, type AuditActor } from '../kernel/audit/record.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { ProblemError, notFound } from '../kernel/http/problem.ts';
import { scopeOf, type RequestScope } from '../kernel/http/request-scope.ts';
import { answerLinkOrigin } from '../mail/index.ts';
import { isPlatformAdmin, tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { checkRecordingAddress } from './address-restriction.ts';
import { contentDisposition, sendStoredFile } from './download.ts';
import { recordingTenantId } from './queries.ts';
import { createShare, describeShare, grantValid, listShares, openShare, recordingOf, revokeShare, unlockShare } from './shares.ts';
import { noContent } from '../kernel/http/replies.ts';

const fileKinds = {
  audio: { contentType: 'audio/ogg', extension: 'ogg' },
  video: { contentType: 'video/webm', extension: 'webm' },
} as const;

/** The share links' and grants' clock: the job queue's, so tests move both together. */
const nowOf = (request: FastifyRequest) => request.server.jobs.now();

/** `<topic> <meeting id> <date>`, the download's file name before it is made safe. */
const downloadName = (recording: { topic: string; code: string; startedAt: Date }) => `${recording.topic} ${recording.code} ${recording.startedAt.toISOString().slice(0, 10)}`;

type RecordingTenant = { tenantId: string; sname: string; db: RequestScope['db']; actor: AuditActor };

/**
 * The tenant whose recording `recordingId` the caller acts on: its own, or for the platform super
 * administrator (whose Cloud recordings list every tenant's) the recording's own tenant, worked on
 * under that tenant's row-level security. Another tenant's recording is 404 for everyone else.
 */
async function recordingTenant(request: FastifyRequest, recordingId: string): Promise<RecordingTenant> {
  const { ctx, server } = request;
  if (!isPlatformAdmin(request)) return { tenantId: ctx.tenant.id, sname: ctx.tenant.sname, db: ctx.db, actor: auditActorOf(request) };
  const tenantId = await server.database.withPlatform((tx) => recordingTenantId(tx, recordingId));
  if (!tenantId) throw notFound();
  const target = await tenantActedOn(request, tenantId);
  return { tenantId: target.row.id, sname: target.row.sname, db: target.db, actor: await crossTenantActor(request, target.row.id) };
}

/** Told when a recording was shared (a meeting started from Slack posts the link in its channel). */
export type RecordingAccessListeners = {
  recordingShared(app: FastifyInstance, tenantId: string, recordingId: string, url: string): Promise<void>;
};

export function recordingAccessHandlers(listeners: RecordingAccessListeners) {
  async function downloadRecordingFile(request: OperationRequest<'downloadRecordingFile'>, reply: FastifyReply) {
    await checkRecordingAddress(request);
    const { recordingId, kind } = request.params;
    const { db } = await recordingTenant(request, recordingId);
    const recording = await db((tx) => recordingOf(tx, recordingId));
    const file = fileKinds[kind];
    const key = recording.status === 'ready' ? (kind === 'audio' ? recording.audioKey : recording.videoKey) : null;
    return sendStoredFile(request.server.files, reply, request, {
      key,
      contentType: file.contentType,
      disposition: contentDisposition('attachment', downloadName(recording), file.extension),
    });
  }

  async function getRecordingShares(request: OperationRequest<'getRecordingShares'>) {
    const { db } = await recordingTenant(request, request.params.recordingId);
    return listShares(db, request.params.recordingId, nowOf(request));
  }

  async function createRecordingShare(request: OperationRequest<'createRecordingShare'>, reply: FastifyReply) {
    await checkRecordingAddress(request);
    const target = await recordingTenant(request, request.params.recordingId);
    const created = await createShare({ ...scopeOf(request), db: target.db, tenantId: target.tenantId, audit: target.actor }, request.params.recordingId, request.body, nowOf(request));
    // The link opens the recording's tenant's portal, where the player finds it.
    const origin = await answerLinkOrigin(request, target.sname);
    const url = `${origin}/portal/recording/${created.token}`;
    // A meeting started from Slack: its channel gets the link. The share stands even if that fails.
    await listeners.recordingShared(request.server, target.tenantId, request.params.recordingId, url).catch((error: unknown) => request.log.warn({ err: error }, 'could not announce the shared recording in Slack'));
    reply.code(201);
    return { ...created, url };
  }

  async function revokeRecordingShare(request: OperationRequest<'revokeRecordingShare'>, reply: FastifyReply) {
    const { db, actor } = await recordingTenant(request, request.params.recordingId);
    await revokeShare(db, actor, request.params.recordingId, request.params.shareId, nowOf(request));
    return noContent(reply);
  }

  async function getSharedRecording(request: OperationRequest<'getSharedRecording'>, reply: FastifyReply) {
    await checkRecordingAddress(request);
    reply.header('cache-control', 'no-store');
    return describeShare(await openShare(request.ctx.db, request.params.token, nowOf(request)));
  }

  async function unlockSharedRecording(request: OperationRequest<'unlockSharedRecording'>) {
    await checkRecordingAddress(request);
    const now = nowOf(request);
    const opened = await openShare(request.ctx.db, request.params.token, now);
    return unlockShare(scopeOf(request), opened, request.body.password, request.ip, now);
  }

  async function streamSharedRecording(request: OperationRequest<'streamSharedRecording'>, reply: FastifyReply) {
    await checkRecordingAddress(request);
    const now = nowOf(request);
    const opened = await openShare(request.ctx.db, request.params.token, now);
    const { share, recording } = opened;
    if (share.passwordHash !== null && !grantValid(request.server.secrets, share.id, request.query.grant, now)) {
      throw new ProblemError(403, 'share_password_required', { detail: 'Enter the link password first' });
    }
    return sendStoredFile(request.server.files, reply, request, {
      key: recording.status === 'ready' ? recording.videoKey : null,
      contentType: fileKinds.video.contentType,
      disposition: contentDisposition('inline', downloadName(recording), fileKinds.video.extension),
    });
  }

  return {
    downloadRecordingFile,
    getRecordingShares,
    createRecordingShare,
    revokeRecordingShare,
    getSharedRecording,
    unlockSharedRecording,
    streamSharedRecording,
  } satisfies OperationHandlers;
}
