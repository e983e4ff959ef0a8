// The `recording.convert` job: the room's raw files become `recordings/<tenant>/<recording>/
// {audio.opus,video.webm}` in the file store (convert.ts), the row gets its keys, sizes and
// duration and is ready; the raw files are deleted. What retrying cannot mend (no raw files, the
// tool missing, a stream that converts to nothing) fails the row at once with its reason; anything
// else is retried by the queue, and the row is failed when the last attempt fails. Restart-safe:
// a job left claimed by a dead server is taken again when its lease runs out, and converting
// again overwrites the same keys.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordings } from '../db/schema.ts';
import { PermanentJobError, type Job } from '../jobs/queue.ts';
import { chooseTracks, ConversionRefused, convertTrack, durationOf, rawTracks } from './convert.ts';
import { convertJobKind, type ConvertPayload } from './service.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { present } from '../db/present.ts';

/** The post-processing tool; PORTAL_JANUS_PP_REC names another (tests name a missing one). */
export const ppRecTool = () => process.env.PORTAL_JANUS_PP_REC || 'janus-pp-rec';

export const recordingKey = (tenantId: string, recordingId: string, file: 'audio.opus' | 'video.webm') => `recordings/${tenantId}/${recordingId}/${file}`;

/** Where raw files a server made itself wait for conversion (the simulator's copies). */
export const rawRecordingsDir = (dataDir: string, name: string) => join(dataDir, 'recordings-raw', name);

function payloadOf(job: Job): ConvertPayload {
  const { recordingId, tenantId, rawDir, audioOnly } = job.payload as Partial<ConvertPayload>;
  if (typeof recordingId !== 'string' || typeof tenantId !== 'string') throw new PermanentJobError('The job names no recording.');
  return { recordingId, tenantId, rawDir: typeof rawDir === 'string' ? rawDir : null, audioOnly: audioOnly === true };
}

export async function convertRecording(app: FastifyInstance, job: Job): Promise<void> {
  const payload = payloadOf(job);
  const { recordingId, tenantId } = payload;
  const setRow = (values: Partial<typeof recordings.$inferInsert>) => app.database.withTenant(tenantId, (tx) => tx.update(recordings).set(values).where(eq(recordings.id, recordingId)));
  const fail = async (reason: string) => {
    await setRow({ status: 'failed', failure: reason });
    throw new PermanentJobError(reason);
  };
  const [row] = await app.database.withTenant(tenantId, (tx) => tx.select().from(recordings).where(eq(recordings.id, recordingId)));
  if (!row) throw new PermanentJobError('The recording was deleted before it was converted.');
  if (row.status === 'ready') return;
  if (payload.rawDir === null) return fail('The media server keeps its recordings where the portal server cannot read them.');

  const tool = ppRecTool();
  const work = await mkdtemp(join(tmpdir(), 'portal-recording-'));
  try {
    const tracks = await rawTracks(tool, payload.rawDir);
    const chosen = chooseTracks(tracks, payload.audioOnly);
    if (!chosen.audio && !chosen.video) return await fail('The media server left no recorded audio or video for this meeting.');
    const stored: Partial<typeof recordings.$inferInsert> = {};
    if (chosen.audio) {
      const file = join(work, 'audio.opus');
      await convertTrack(tool, chosen.audio, file);
      const key = recordingKey(tenantId, recordingId, 'audio.opus');
      await app.files.putFile(key, file, 'audio/ogg');
      Object.assign(stored, { audioKey: key, audioBytes: await app.files.size(key) });
    }
    if (chosen.video) {
      const file = join(work, 'video.webm');
      await convertTrack(tool, chosen.video, file);
      const key = recordingKey(tenantId, recordingId, 'video.webm');
      await app.files.putFile(key, file, 'video/webm');
      Object.assign(stored, { videoKey: key, videoBytes: await app.files.size(key) });
    }
    const measured = await durationOf(tool, present(chosen.video ?? chosen.audio, 'chosen.video ?? chosen.audio'));
    const byClock = row.endedAt ? Math.max(0, Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 1000)) : null;
    await app.database.withTenant(tenantId, async (tx) => {
      await tx.update(recordings).set({ ...stored, durationSeconds: measured ?? byClock, status: 'ready', failure: null }).where(eq(recordings.id, recordingId));
      await emitWebhookEvent(tx, tenantId, 'recording.ready', { recordingId, meetingId: row.meetingId, code: row.code, topic: row.topic, durationSeconds: measured ?? byClock }, app.jobs.now());
    });
    // Converted and stored: the raw files are not needed any more.
    await rm(payload.rawDir, { recursive: true, force: true });
  } catch (error) {
    if (error instanceof PermanentJobError) throw error;
    if (error instanceof ConversionRefused) return await fail(error.message);
    // Retried by the queue; the last attempt's failure stays on the row.
    if (job.attempts >= job.maxAttempts) await setRow({ status: 'failed', failure: `Conversion failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function registerRecordingJobs(app: FastifyInstance): void {
  app.jobs.register(convertJobKind, (job) => convertRecording(app, job));
}
