// The `recording.convert` job: the room's raw files become `recordings/<tenant>/<recording>/
// {audio.opus,video.webm}` in the file store (convert.ts), the row gets its keys, sizes and
// duration and is ready; the raw files are deleted. What retrying cannot mend (no raw files, the
// tool missing, a stream that converts to nothing) fails the row at once with its reason; anything
// else is retried by the queue, and the row is failed when the last attempt fails. Restart-safe:
// a job left claimed by a dead server is taken again when its lease runs out, and converting
// again overwrites the same keys. Several publishers' audio is mixed with ffmpeg when it is
// installed (convert.ts); without it the job logs that once and keeps one publisher's sound.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordings } from '../db/schema.ts';
import { PermanentJobError, type Job } from '../jobs/queue.ts';
import { chooseTracks, ConversionRefused, convertTrack, durationOf, ffmpegAvailable, mixAudio, muxVideo, offsetsMs, rawTracks, tracksToMix, type RawTrack } from './convert.ts';
import { convertJobKind, type ConvertPayload } from './service.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { present } from '../db/present.ts';

/** The post-processing tool; PORTAL_JANUS_PP_REC names another (tests name a missing one). */
export const ppRecTool = () => process.env.PORTAL_JANUS_PP_REC || 'janus-pp-rec';

/** The mixing tool; PORTAL_FFMPEG names another (tests name a missing one to see recordings without mixing). */
export const ffmpegTool = () => process.env.PORTAL_FFMPEG || 'ffmpeg';

/** The ffmpeg paths already logged as missing: said once per process, not once per recording. */
const missingLogged = new Set<string>();

/**
 * Mixed audio.opus (and video.webm with it) in `work`, with the recording's length in seconds, when
 * two publishers or more sent audio and ffmpeg runs here; null to convert as without mixing.
 */
async function mixedFiles(app: FastifyInstance, tool: string, tracks: RawTrack[], video: RawTrack | null, work: string): Promise<{ audio: string; video: string | null; seconds: number | null } | null> {
  const audios = tracksToMix(tracks);
  if (!audios) return null;
  const ffmpeg = ffmpegTool();
  if (!(await ffmpegAvailable(ffmpeg))) {
    if (!missingLogged.has(ffmpeg)) {
      missingLogged.add(ffmpeg);
      app.log.warn({ ffmpeg }, 'ffmpeg is not installed: recordings of several publishers keep one publisher’s audio');
    }
    return null;
  }
  const offsets = offsetsMs(video ? [...audios, video] : audios);
  const inputs: { file: string; offsetMs: number }[] = [];
  let seconds: number | null = null;
  const reach = async (track: RawTrack) => {
    const length = await durationOf(tool, track);
    if (length !== null) seconds = Math.max(seconds ?? 0, Math.round((offsets.get(track) ?? 0) / 1000 + length));
  };
  for (const [index, track] of audios.entries()) {
    const file = join(work, `publisher-${index}.opus`);
    try {
      await convertTrack(tool, track, file);
    } catch (error) {
      // A publisher whose audio holds nothing playable is left out of the mix, not the recording.
      if (error instanceof ConversionRefused) continue;
      throw error;
    }
    inputs.push({ file, offsetMs: offsets.get(track) ?? 0 });
    await reach(track);
  }
  if (inputs.length === 0) return null;
  const audio = join(work, 'audio.opus');
  await mixAudio(ffmpeg, inputs, audio);
  if (!video) return { audio, video: null, seconds };
  const picture = join(work, 'picture.webm');
  await convertTrack(tool, video, picture);
  const file = join(work, 'video.webm');
  await muxVideo(ffmpeg, { file: picture, offsetMs: offsets.get(video) ?? 0 }, audio, file);
  await reach(video);
  return { audio, video: file, seconds };
}

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
    const mixed = await mixedFiles(app, tool, tracks, chosen.video, work);
    if (chosen.audio) {
      const file = mixed?.audio ?? join(work, 'audio.opus');
      if (!mixed) await convertTrack(tool, chosen.audio, file);
      const key = recordingKey(tenantId, recordingId, 'audio.opus');
      await app.files.putFile(key, file, 'audio/ogg');
      Object.assign(stored, { audioKey: key, audioBytes: await app.files.size(key) });
    }
    if (chosen.video) {
      const file = mixed?.video ?? join(work, 'video.webm');
      if (!mixed?.video) await convertTrack(tool, chosen.video, file);
      const key = recordingKey(tenantId, recordingId, 'video.webm');
      await app.files.putFile(key, file, 'video/webm');
      Object.assign(stored, { videoKey: key, videoBytes: await app.files.size(key) });
    }
    const measured = mixed?.seconds ?? (await durationOf(tool, present(chosen.video ?? chosen.audio, 'chosen.video ?? chosen.audio')));
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
