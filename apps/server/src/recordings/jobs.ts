// The `recording.convert` job: the room's raw files become `recordings/<tenant>/<recording>/
// {audio.opus,video.webm}` in the file store (convert.ts), the row gets its keys, sizes and
// duration and is ready; the raw files are deleted. What retrying cannot mend (no raw files, the
// tool missing, a stream that converts to nothing) fails the row at once with its reason; anything
// else is retried by the queue, and the row is failed when the last attempt fails. Restart-safe:
// a job left claimed by a dead server is taken again when its lease runs out, and converting
// again overwrites the same keys. Several publishers' audio is mixed, and their pictures laid out
// by the room's record mode (layout.ts, with the media events of its run: room-events.ts), with
// ffmpeg when it is installed (convert.ts); without it the job logs that once and keeps one
// publisher's sound and picture.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordings } from '../kernel/db/schema.ts';
import { PermanentJobError, type Job, type JobContext } from '../kernel/jobs/queue.ts';
import { chooseTracks, composeBudgetMs, composeVideo, ConversionRefused, convertTrack, durationOf, exactDurationOf, ffmpegAvailable, mixAudio, muxVideo, offsetsMs, rawTracks, speechLevels, tracksToMix, type RawTrack } from './convert.ts';
import { layoutRuleOf, planShots, type LayoutRule, type VideoInput } from './layout.ts';
import { roomFacts } from './room-events.ts';
import { convertJobKind, type ConvertPayload } from './service.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';

/** The post-processing tool; PORTAL_JANUS_PP_REC names another (tests name a missing one). */
export const ppRecTool = () => process.env.PORTAL_JANUS_PP_REC || 'janus-pp-rec';

/** The mixing tool; PORTAL_FFMPEG names another (tests name a missing one to see recordings without mixing). */
export const ffmpegTool = () => process.env.PORTAL_FFMPEG || 'ffmpeg';

/** The ffmpeg paths already logged as missing: said once per process, not once per recording. */
const missingLogged = new Set<string>();

/** The recording's files made with ffmpeg (`video` null: none made, convert it as without ffmpeg), and its length in seconds. */
type Made = { audio: string | null; video: string | null; seconds: number | null };

/** The video tracks a picture may show: VP8 or VP9, which WebM holds. */
const pictureTracks = (tracks: RawTrack[]) => tracks.filter((track) => track.kind === 'video' && (track.codec === 'vp8' || track.codec === 'vp9'));

/** Converts one publisher's track to `file`; false when it holds nothing playable: that publisher is left out of the mix or layout, not the recording. */
async function playable(tool: string, track: RawTrack, file: string): Promise<boolean> {
  try {
    await convertTrack(tool, track, file);
    return true;
  } catch (error) {
    if (error instanceof ConversionRefused) return false;
    throw error;
  }
}

/**
 * The files ffmpeg makes in `work` (convert.ts, layout.ts): the mixed sound when two publishers or
 * more sent audio, and the picture the record mode lays out when two publishers or more sent video;
 * null to convert as without ffmpeg (one publisher, an audio-only mode with one voice, or no ffmpeg).
 */
async function ffmpegFiles(
  app: FastifyInstance,
  tool: string,
  tracks: RawTrack[],
  chosen: { audio: RawTrack | null; video: RawTrack | null },
  rule: LayoutRule | null,
  row: { sessionId: string | null; meetingId: string | null; ownerId: string | null; tenantId: string },
  work: string,
  extendLease: JobContext['extendLease'],
): Promise<Made | null> {
  const mixing = tracksToMix(tracks);
  const pictures = rule && chosen.video ? pictureTracks(tracks) : [];
  const composing = new Set(pictures.map((track) => track.publisher)).size >= 2;
  if (!mixing && !composing) return null;
  const ffmpeg = ffmpegTool();
  if (!(await ffmpegAvailable(ffmpeg))) {
    if (!missingLogged.has(ffmpeg)) {
      missingLogged.add(ffmpeg);
      app.log.warn({ ffmpeg }, 'ffmpeg is not installed: recordings of several publishers keep one publisher’s audio and picture');
    }
    return null;
  }
  const voices = mixing ?? (chosen.audio ? [chosen.audio] : []);
  const used = [...voices, ...(composing ? pictures : chosen.video ? [chosen.video] : [])];
  const offsets = offsetsMs(used);
  const origin = Math.min(...used.map((track) => track.startUs ?? Number.POSITIVE_INFINITY));
  let end = 0;
  const reach = async (track: RawTrack) => {
    const length = await exactDurationOf(tool, track);
    if (length !== null) end = Math.max(end, (offsets.get(track) ?? 0) / 1000 + length);
  };

  // The sound: every voice at its own start (mixed even when only one converts, so it stays on the timeline).
  const inputs: { publisher: string; file: string; offsetMs: number }[] = [];
  for (const [index, track] of voices.entries()) {
    const file = join(work, `publisher-${index}.opus`);
    if (!(await playable(tool, track, file))) continue;
    inputs.push({ publisher: track.publisher, file, offsetMs: offsets.get(track) ?? 0 });
    await reach(track);
  }
  let audio: string | null = null;
  if (inputs.length > 0 && (mixing || composing)) {
    audio = join(work, 'audio.opus');
    await mixAudio(ffmpeg, inputs, audio);
  }
  const seconds = () => (end > 0 ? Math.round(end) : null);

  // One publisher's picture (as before layouts existed), with the mixed sound when there is one.
  const singlePicture = async (): Promise<string | null> => {
    if (!chosen.video || !audio) return null;
    const picture = join(work, 'picture.webm');
    await convertTrack(tool, chosen.video, picture);
    const file = join(work, 'video.webm');
    await muxVideo(ffmpeg, { file: picture, offsetMs: offsets.get(chosen.video) ?? 0 }, audio, file);
    await reach(chosen.video);
    return file;
  };
  if (!composing) return { audio, video: await singlePicture(), seconds: seconds() };

  const videos: VideoInput[] = [];
  for (const [index, track] of pictures.entries()) {
    const file = join(work, `picture-${index}.webm`);
    if (!(await playable(tool, track, file))) continue;
    const from = (offsets.get(track) ?? 0) / 1000;
    videos.push({ publisher: track.publisher, file, from, to: from + ((await exactDurationOf(tool, track)) ?? 0) });
    await reach(track);
  }
  if (new Set(videos.map((video) => video.publisher)).size < 2) return { audio, video: await singlePicture(), seconds: seconds() };
  const total = end;
  const file = join(work, 'video.webm');
  // Whatever keeps the layout from being made (loudness, the room's events, the graph, a re-encode
  // too long for its budget): one publisher's picture rather than no recording.
  try {
    const speech = new Map<string, number[]>();
    if (rule?.base === 'speaker') {
      for (const input of inputs) {
        const shift = Math.round(input.offsetMs / 1000);
        const levels = await speechLevels(ffmpeg, input.file);
        const onTimeline = speech.get(input.publisher) ?? [];
        for (const [k, level] of levels.entries()) onTimeline[k + shift] = Math.max(onTimeline[k + shift] ?? Number.NEGATIVE_INFINITY, level);
        speech.set(input.publisher, Array.from(onTimeline, (level) => level ?? Number.NEGATIVE_INFINITY));
      }
    }
    const originMs = Number.isFinite(origin) ? origin / 1000 : 0;
    const facts = await app.database.withTenant(row.tenantId, (tx) => roomFacts(tx, { meetingId: row.meetingId, sessionId: row.sessionId, hostId: row.ownerId, fromMs: originMs, toMs: originMs + total * 1000 }));
    const screens = facts.screens.map((share) => ({ publisher: share.publisher, from: Math.max(0, (share.fromMs - originMs) / 1000), to: (share.toMs - originMs) / 1000 }));
    const shots = planShots({ rule: present(rule, 'rule'), videos, total, speech, host: facts.hostPublishers, screens });
    // Composing takes about as long as the meeting: the job stays this worker's until it is done.
    const budgetMs = composeBudgetMs(total);
    await extendLease(budgetMs / 1000 + 600);
    await composeVideo(ffmpeg, shots, videos, audio, total, file, budgetMs);
  } catch (error) {
    app.log.warn({ err: error, publishers: videos.length }, 'the recording’s picture could not be laid out: it keeps one publisher’s picture');
    return { audio, video: await singlePicture(), seconds: seconds() };
  }
  return { audio, video: file, seconds: seconds() };
}

export const recordingKey = (tenantId: string, recordingId: string, file: 'audio.opus' | 'video.webm') => `recordings/${tenantId}/${recordingId}/${file}`;

/** Where raw files a server made itself wait for conversion (the simulator's copies). */
export const rawRecordingsDir = (dataDir: string, name: string) => join(dataDir, 'recordings-raw', name);

function payloadOf(job: Job): ConvertPayload {
  const { recordingId, tenantId, rawDir, audioOnly, recordMode } = job.payload as Partial<ConvertPayload>;
  if (typeof recordingId !== 'string' || typeof tenantId !== 'string') throw new PermanentJobError('The job names no recording.');
  return { recordingId, tenantId, rawDir: typeof rawDir === 'string' ? rawDir : null, audioOnly: audioOnly === true, recordMode: typeof recordMode === 'string' ? recordMode : null };
}

export async function convertRecording(app: FastifyInstance, job: Job, context: Pick<JobContext, 'extendLease'>): Promise<void> {
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
  // Converting, mixing and measuring loudness come before composing, and take minutes for a long
  // meeting: the claim covers what composing it may take from the start (extended again, exactly, then).
  const lastedSeconds = row.endedAt ? Math.max(0, (row.endedAt.getTime() - row.startedAt.getTime()) / 1000) : 0;
  await context.extendLease(composeBudgetMs(lastedSeconds) / 1000 + 1200);

  const tool = ppRecTool();
  const work = await mkdtemp(join(tmpdir(), 'portal-recording-'));
  try {
    const tracks = await rawTracks(tool, payload.rawDir);
    const rule = payload.audioOnly ? null : layoutRuleOf(payload.recordMode);
    const chosen = chooseTracks(tracks, rule === null);
    if (!chosen.audio && !chosen.video) return await fail('The media server left no recorded audio or video for this meeting.');
    const stored: Partial<typeof recordings.$inferInsert> = {};
    const made = await ffmpegFiles(app, tool, tracks, chosen, rule, row, work, context.extendLease);
    if (chosen.audio) {
      const file = made?.audio ?? join(work, 'audio.opus');
      if (!made?.audio) await convertTrack(tool, chosen.audio, file);
      const key = recordingKey(tenantId, recordingId, 'audio.opus');
      await app.files.putFile(key, file, 'audio/ogg');
      Object.assign(stored, { audioKey: key, audioBytes: await app.files.size(key) });
    }
    if (chosen.video) {
      const file = made?.video ?? join(work, 'video.webm');
      if (!made?.video) await convertTrack(tool, chosen.video, file);
      const key = recordingKey(tenantId, recordingId, 'video.webm');
      await app.files.putFile(key, file, 'video/webm');
      Object.assign(stored, { videoKey: key, videoBytes: await app.files.size(key) });
    }
    const measured = made?.seconds ?? (await durationOf(tool, present(chosen.video ?? chosen.audio, 'chosen.video ?? chosen.audio')));
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
  // Detached: composing a long meeting's picture must not hold up mails and webhooks meanwhile.
  app.jobs.register(convertJobKind, (job, context) => convertRecording(app, job, context), { detached: true });
}
