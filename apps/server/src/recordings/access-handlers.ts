// Access to recordings beyond the list: download of a file, share links and the public player's
// calls. Each checks the recording settings' authorised address first (address-restriction.ts).
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../http/handler.ts';
import { scopeOf } from '../http/request-scope.ts';
import { answerLinkOrigin } from '../mail/link-origin.ts';
import { checkRecordingAddress } from './address-restriction.ts';
import { contentDisposition, sendStoredFile } from './download.ts';
import { createShare, describeShare, grantValid, listShares, openShare, recordingOf, revokeShare, unlockShare } from './shares.ts';
import { ProblemError } from '../http/problem.ts';

const fileKinds = {
  audio: { contentType: 'audio/ogg', extension: 'ogg' },
  video: { contentType: 'video/webm', extension: 'webm' },
} as const;

/** The share links' and grants' clock: the job queue's, so tests move both together. */
const nowOf = (request: FastifyRequest) => request.server.jobs.now();

/** `<topic> <meeting id> <date>`, the download's file name before it is made safe. */
const downloadName = (recording: { topic: string; code: string; startedAt: Date }) => `${recording.topic} ${recording.code} ${recording.startedAt.toISOString().slice(0, 10)}`;

export const recordingAccessHandlers: OperationHandlers = {
  async downloadRecordingFile(request, reply) {
    await checkRecordingAddress(request);
    const { recordingId, kind } = request.params;
    const recording = await request.ctx.db((tx) => recordingOf(tx, recordingId));
    const file = fileKinds[kind];
    const key = recording.status === 'ready' ? (kind === 'audio' ? recording.audioKey : recording.videoKey) : null;
    return sendStoredFile(request.server.files, reply, request.headers.range, {
      key,
      contentType: file.contentType,
      disposition: contentDisposition('attachment', downloadName(recording), file.extension),
    });
  },

  async getRecordingShares(request) {
    return listShares(request.ctx.db, request.params.recordingId, nowOf(request));
  },

  async createRecordingShare(request, reply) {
    await checkRecordingAddress(request);
    const created = await createShare(scopeOf(request), request.params.recordingId, request.body, nowOf(request));
    const origin = await answerLinkOrigin(request, request.ctx.tenant.sname);
    reply.code(201);
    return { ...created, url: `${origin}/portal/recording/${created.token}` };
  },

  async revokeRecordingShare(request, reply) {
    await revokeShare(request.ctx.db, request.params.recordingId, request.params.shareId, nowOf(request));
    reply.code(204);
    return undefined;
  },

  async getSharedRecording(request, reply) {
    await checkRecordingAddress(request);
    reply.header('cache-control', 'no-store');
    return describeShare(await openShare(request.ctx.db, request.params.token, nowOf(request)));
  },

  async unlockSharedRecording(request) {
    await checkRecordingAddress(request);
    const now = nowOf(request);
    const opened = await openShare(request.ctx.db, request.params.token, now);
    return unlockShare(scopeOf(request), opened, request.body.password, request.ip, now);
  },

  async streamSharedRecording(request, reply) {
    await checkRecordingAddress(request);
    const now = nowOf(request);
    const opened = await openShare(request.ctx.db, request.params.token, now);
    const { share, recording } = opened;
    if (share.passwordHash !== null && !grantValid(request.server.secrets, share.id, request.query.grant, now)) {
      throw new ProblemError(403, 'share_password_required', { detail: 'Enter the link password first' });
    }
    return sendStoredFile(request.server.files, reply, request.headers.range, {
      key: recording.status === 'ready' ? recording.videoKey : null,
      contentType: fileKinds.video.contentType,
      disposition: contentDisposition('inline', downloadName(recording), fileKinds.video.extension),
    });
  },
};
