// From a recorded meeting's end to its files, on PGlite with the real janus-pp-rec: ending the
// room queues the recording (processing) and its conversion in one transaction; the job turns the
// room's raw .mjr files (the committed demo capture) into audio.opus and video.webm in the file
// store, with sizes and duration, and deletes the raw files. No raw files, a missing tool or an
// audio-only record mode; a job left claimed by a dead server is taken again after its lease.
// Two publishers: their audio mixed by ffmpeg at each one's start, or one voice without ffmpeg.
// Two pictures: laid out by the record mode (gallery, host only from the media events, a shared
// screen over the gallery), checked on decoded frames; active speaker on synthesised files. A media
// node restart mid-meeting: both runs' files in one recording, or the recording of the room it ended.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mediaEvents, recordings } from '../src/kernel/db/schema.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { configuredMedia } from '../src/media/index.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { composeVideo, mixAudio, speechLevels } from '../src/recordings/convert.ts';
import { recoverRoomsAfterRestart } from '../src/meetings/room-restart.ts';
import { simulatedRecorder } from '../src/recordings/demo.ts';
import { layoutRuleOf, planShots } from '../src/recordings/layout.ts';
import { convertDelayMs, queueCloudRecording } from '../src/recordings/service.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const demoCapture = new URL('../src/recordings/demo-recording/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'portal-recordings-'));
let nextRoom = 1;
/** Rooms the media server refuses to re-create after a restart. */
const refusedRooms = new Set<number>();
/** A media server that opens rooms and writes the demo capture as every recorded room's raw files. */
const media: MediaPlatform = {
  configured: true,
  browser: { serverUrl: 'http://127.0.0.1:9/janus', iceServers: [], turn: null },
  openRoom: async (spec) => {
    // A room re-created after a node restart keeps its id (src/meetings/room-restart.ts), unless refused.
    const roomId = spec.roomId ?? nextRoom++;
    if (refusedRooms.has(roomId)) throw new Error('the node is not ready');
    if (spec.record) cpSync(demoCapture, join(work, 'rooms', String(roomId)), { recursive: true });
    return { roomId, node: 'janus-test' };
  },
  closeRoom: async () => {},
  grant: async () => 'token',
  revoke: async () => {},
  listRooms: async () => [],
  roomState: async () => ({ node: 'janus-test', handles: [] }),
  info: async () => ({ node: 'janus-test', version: '1.1.2' }),
  close: async () => {},
  recordingsDir: (roomId) => join(work, 'rooms', String(roomId)),
};

let clock = new Date(Date.now() + 60_000);
let server: TestServer;
let host: TestSession;

/**
 * Runs the due jobs at the test clock, first brought up to the real time: an ended meeting queues
 * its conversion by the real clock (convertDelayMs ahead), and on a loaded machine this file runs
 * past the clock's minute of lead (CI once found a conversion not due yet, still 'processing').
 */
async function runJobs(): Promise<void> {
  clock = new Date(Math.max(clock.getTime(), Date.now() + convertDelayMs + 1_000));
  await server.app.jobs.runDue();
}
const acme = () => server.ids.tenants.acme;
const rowOf = async (id: string) => (await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.id, id))))[0]!;

beforeAll(async () => {
  server = await startTestServer({ media, clock: () => clock });
  host = await server.login('acme', userEmail('acme', 'member'));
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.PORTAL_JANUS_PP_REC;
  delete process.env.PORTAL_FFMPEG;
});

/**
 * The demo capture plus a second publisher (user 2) who joined 2 s after the first: the committed
 * audio track again, under that publisher's name, its header's first-packet time (`u`, microseconds)
 * moved 2 s later. The digits keep their count, so the header's length is unchanged.
 */
function twoPublishers(name: string): string {
  const raw = join(work, name);
  cpSync(demoCapture, raw, { recursive: true });
  const first = readFileSync(join(demoCapture, 'videoroom-1-user-1-1-audio-0.mjr'));
  const header = first.subarray(0, 200).toString('latin1');
  const written = /"u": (\d+)/.exec(header)!;
  const later = String(Number(written[1]) + 2_000_000);
  expect(later).toHaveLength(written[1]!.length);
  const second = Buffer.from(first);
  second.write(later, written.index + '"u": '.length, 'latin1');
  writeFileSync(join(raw, 'videoroom-1-user-2-1-audio-0.mjr'), second);
  return raw;
}

/** A stored file written to the work folder, for ffmpeg and ffprobe to read. */
async function storedCopy(key: string): Promise<string> {
  const file = join(work, `stored-${key.replaceAll('/', '-')}`);
  writeFileSync(file, (await server.app.files.get(key))!);
  return file;
}

/** The kinds of a stored file's streams, in order, as ffprobe reads them. */
async function streamsOf(key: string): Promise<string[]> {
  const text = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', await storedCopy(key)], { encoding: 'utf8' });
  return text.split('\n').map((line) => line.trim()).filter(Boolean);
}

/** The loudness (RMS of 16-bit samples) of a stored file's sound from `from` for `seconds`, decoded by ffmpeg; 0 past its end. */
async function loudness(key: string, from: number, seconds: number): Promise<number> {
  const pcm = execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', await storedCopy(key), '-ss', String(from), '-t', String(seconds), '-map', '0:a', '-f', 's16le', '-ac', '1', '-ar', '8000', '-']);
  let sum = 0;
  for (let at = 0; at + 1 < pcm.length; at += 2) sum += pcm.readInt16LE(at) ** 2;
  return pcm.length < 2 ? 0 : Math.sqrt(sum / (pcm.length / 2));
}

async function recordedMeetingEnds(recordMode: string): Promise<{ recordingId: string; rawDir: string }> {
  const created = await server.request('acme', 'POST', '/meetings', {
    session: host,
    body: { kind: 'scheduled', topic: `Recorded ${recordMode}`, start: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30, timeZone: 'UTC', recordMode, options: platformMeetingOptions },
  });
  expect(created.status, created.text).toBe(201);
  const started = await server.request('acme', 'PUT', `/meetings/${created.body.id}/room`, { session: host });
  expect(started.status, started.text).toBe(200);
  const ended = await server.request('acme', 'DELETE', `/meetings/${created.body.id}/room`, { session: host });
  expect(ended.status, ended.text).toBe(204);
  const [row] = await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, created.body.id)));
  expect(row).toMatchObject({ kind: 'cloud', status: 'processing', code: created.body.meetingId, topic: `Recorded ${recordMode}` });
  return { recordingId: row!.id, rawDir: media.recordingsDir!(nextRoom - 1)! };
}

/** A recording queued directly with this raw directory. */
async function queued(rawDir: string | null, audioOnly = false, recordMode: string | null = null): Promise<string> {
  return server.database.withTenant(acme(), (tx) =>
    queueCloudRecording(tx, { tenantId: acme(), sessionId: null, meetingId: null, code: '1112223333', topic: 'Queued', startedAt: new Date(Date.now() - 60_000), endedAt: new Date(), ownerId: null, rawDir, audioOnly, recordMode }),
  );
}

const headerStart = (file: string) => /"u": (\d+)/.exec(readFileSync(file).subarray(0, 200).toString('latin1'))!;
/** When the demo capture's audio began (its `u`, the media server's clock in microseconds). */
const demoStartUs = () => Number(headerStart(join(demoCapture, 'videoroom-1-user-1-1-audio-0.mjr'))[1]);

/**
 * Raw files of several publishers in `raw`, each the demo capture's audio and video (3.5 s) under
 * the publisher's id, both first packets (`u`) at `startUs`. The digits keep their count, so the
 * header's length is unchanged. The pictures are alike: tests tell publishers apart by their times.
 */
function capture(raw: string, publishers: { id: number; startUs: number }[], keep = false): string {
  if (!keep) rmSync(raw, { recursive: true, force: true });
  mkdirSync(raw, { recursive: true });
  for (const { id, startUs } of publishers) {
    for (const stream of ['audio-0', 'video-1']) {
      const original = readFileSync(join(demoCapture, `videoroom-1-user-1-1-${stream}.mjr`));
      const written = headerStart(join(demoCapture, `videoroom-1-user-1-1-${stream}.mjr`));
      expect(String(startUs)).toHaveLength(written[1]!.length);
      const copy = Buffer.from(original);
      copy.write(String(startUs), written.index + '"u": '.length, 'latin1');
      writeFileSync(join(raw, `videoroom-1-user-${id}-1-${stream}.mjr`), copy);
    }
  }
  return raw;
}

type Frame = { width: number; height: number; rgb: Buffer };

/** The picture of a video file at `at` seconds, decoded by ffmpeg to RGB. */
function frameAt(file: string, at: number): Frame {
  const [width, height] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split(',').map(Number);
  const rgb = execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 32 * 1024 * 1024 });
  return { width: width!, height: height!, rgb };
}

/** The mean red, green and blue (0–255) of a region of a frame. */
function colourOf(frame: Frame, region: { x: number; y: number; width: number; height: number }): [number, number, number] {
  const sums = [0, 0, 0];
  for (let y = region.y; y < region.y + region.height; y += 4) {
    for (let x = region.x; x < region.x + region.width; x += 4) {
      const at = (y * frame.width + x) * 3;
      for (const channel of [0, 1, 2]) sums[channel]! += frame.rgb[at + channel]!;
    }
  }
  const count = Math.ceil(region.height / 4) * Math.ceil(region.width / 4);
  return sums.map((sum) => sum / count) as [number, number, number];
}
const brightness = (frame: Frame, region: { x: number; y: number; width: number; height: number }) => colourOf(frame, region).reduce((a, b) => a + b) / 3;
/** The middle of the left and right halves of a 1280x720 picture (inside a side-by-side tile's letterboxed 640x480). */
const leftHalf = { x: 120, y: 260, width: 400, height: 200 };
const rightHalf = { x: 760, y: 260, width: 400, height: 200 };
const whole = { x: 0, y: 0, width: 1280, height: 720 };

/** A recorded meeting in `recordMode` whose raw files are `publishers`' and whose run logged `events` (rows of media_events). */
async function meetingWithEvents(recordMode: string, publishers: { id: number; startUs: number }[], events: (hostId: string) => { type: string; participantKey: string; at: number; data: Record<string, unknown> }[]): Promise<string> {
  const { recordingId, rawDir } = await recordedMeetingEnds(recordMode);
  capture(rawDir, publishers);
  const row = await rowOf(recordingId);
  expect(row.sessionId).not.toBeNull();
  await server.database.withTenant(acme(), (tx) =>
    tx.insert(mediaEvents).values(
      events(row.ownerId!).map((event, index) => ({ tenantId: acme(), sessionId: row.sessionId!, eventKey: `${recordingId}:${index}`, type: event.type, participantKey: event.participantKey, occurredAt: new Date(event.at), data: event.data })),
    ),
  );
  return recordingId;
}

describe('recording.convert', () => {
  it('converts a recorded meeting’s raw files into a ready recording with its sizes and duration', async () => {
    const { recordingId, rawDir } = await recordedMeetingEnds('audio_and_video');
    expect(readdirSync(rawDir)).toHaveLength(2);
    await runJobs();
    const row = await rowOf(recordingId);
    expect(row).toMatchObject({ status: 'ready', failure: null, durationSeconds: expect.any(Number) });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(row.durationSeconds).toBeLessThanOrEqual(4);
    expect(row.videoKey).toBe(`recordings/${acme()}/${recordingId}/video.webm`);
    expect(row.audioKey).toBe(`recordings/${acme()}/${recordingId}/audio.opus`);
    expect(row.videoBytes).toBe(await server.app.files.size(row.videoKey!));
    expect(row.videoBytes).toBeGreaterThan(100_000);
    expect(row.audioBytes).toBeGreaterThan(1_000);
    const video = await server.app.files.get(row.videoKey!);
    expect([...video!.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const audio = await server.app.files.get(row.audioKey!);
    expect(audio!.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(existsSync(rawDir)).toBe(false);
    const list = await server.request('acme', 'GET', '/recordings', { session: await server.login('acme', userEmail('acme', 'tenantadmin')) });
    expect(list.body.items.find((item: { id: string }) => item.id === recordingId)).toMatchObject({ status: 'ready', fileSize: row.videoBytes! + row.audioBytes! });
  });

  it('keeps only the audio of an audio-only record mode', async () => {
    const { recordingId } = await recordedMeetingEnds('audio_only');
    await runJobs();
    expect(await rowOf(recordingId)).toMatchObject({ status: 'ready', videoKey: null, videoBytes: null, audioKey: expect.any(String) });
  });

  it('records nothing for a meeting without a record mode', async () => {
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: { kind: 'scheduled', topic: 'Not recorded', start: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30, timeZone: 'UTC', options: platformMeetingOptions },
    });
    await server.request('acme', 'PUT', `/meetings/${created.body.id}/room`, { session: host });
    await server.request('acme', 'DELETE', `/meetings/${created.body.id}/room`, { session: host });
    expect(await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, created.body.id)))).toEqual([]);
  });

  it('gives the simulator’s recorded meetings real recordings, converted by the same job', async () => {
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: { kind: 'scheduled', topic: 'Simulated', start: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30, timeZone: 'UTC', options: platformMeetingOptions },
    });
    const startedAt = new Date(Date.now() - 5 * 60_000);
    await server.database.withTenant(acme(), (tx) => simulatedRecorder(server.config.dataDir)(tx, { tenantId: acme(), sessionId: null, meetingId: created.body.id, startedAt, endedAt: new Date() }));
    const [row] = await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, created.body.id)));
    expect(row).toMatchObject({ status: 'processing', topic: 'Simulated', code: created.body.meetingId, startedAt });
    await runJobs();
    expect(await rowOf(row!.id)).toMatchObject({ status: 'ready', videoBytes: expect.any(Number), audioBytes: expect.any(Number) });
    expect(readdirSync(join(server.config.dataDir, 'recordings-raw'))).toEqual([]);
  });

  it('fails a recording whose raw files are missing, with the reason', async () => {
    const empty = join(work, 'empty');
    mkdirSync(empty, { recursive: true });
    const id = await queued(empty);
    const unreachable = await queued(null);
    await runJobs();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', failure: 'The media server left no recorded audio or video for this meeting.' });
    expect(await rowOf(unreachable)).toMatchObject({ status: 'failed', failure: expect.stringContaining('cannot read') });
    const [job] = await server.database.withPlatform((tx) => tx.select().from(jobs).where(eq(jobs.dedupeKey, `recording.convert:${id}`)));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('fails at once when the conversion tool is missing', async () => {
    const raw = join(work, 'no-tool');
    cpSync(demoCapture, raw, { recursive: true });
    const id = await queued(raw);
    process.env.PORTAL_JANUS_PP_REC = '/nonexistent/janus-pp-rec';
    await runJobs();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', failure: 'The conversion tool /nonexistent/janus-pp-rec is not installed on the portal server.' });
    // The raw files stay for a later retry by hand.
    expect(readdirSync(raw)).toHaveLength(2);
  });

  it('mixes every publisher’s audio, each from when they joined, into audio.opus and video.webm', async () => {
    const id = await queued(twoPublishers('two-publishers'));
    await runJobs();
    const row = await rowOf(id);
    // The first publisher speaks 0–3.5 s, the second 2–5.5 s: the recording runs to the later end.
    expect(row).toMatchObject({ status: 'ready', failure: null, durationSeconds: expect.any(Number) });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(5);
    expect(row.durationSeconds).toBeLessThanOrEqual(6);
    const audio = await server.app.files.get(row.audioKey!);
    expect(audio!.subarray(0, 4).toString('latin1')).toBe('OggS');
    // Only the first publisher before 2 s, only the second after 3.6 s: both are heard.
    expect(await loudness(row.audioKey!, 0.2, 1.5)).toBeGreaterThan(500);
    expect(await loudness(row.audioKey!, 3.8, 1.4)).toBeGreaterThan(500);
    // The video carries the same mix.
    const video = await server.app.files.get(row.videoKey!);
    expect([...video!.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(await streamsOf(row.videoKey!)).toEqual(['video', 'audio']);
    expect(await loudness(row.videoKey!, 3.8, 1.4)).toBeGreaterThan(500);
  });

  it('keeps one publisher’s sound, as without mixing, when ffmpeg is not installed', async () => {
    const id = await queued(twoPublishers('no-ffmpeg'));
    process.env.PORTAL_FFMPEG = '/nonexistent/ffmpeg';
    await runJobs();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'ready', failure: null, audioKey: expect.any(String), videoKey: expect.any(String) });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(row.durationSeconds).toBeLessThanOrEqual(4);
    // The video's publisher (user 1) alone: the sound ends at 3.5 s, and the video has no sound track.
    expect(await loudness(row.audioKey!, 0.2, 1.5)).toBeGreaterThan(500);
    expect(await loudness(row.audioKey!, 3.8, 1.4)).toBe(0);
    expect(await streamsOf(row.videoKey!)).toEqual(['video']);
  });

  it('lays every publisher’s picture out in a gallery, each tile from when its publisher started until they stopped', async () => {
    const start = demoStartUs();
    const id = await queued(capture(join(work, 'gallery'), [{ id: 1, startUs: start }, { id: 2, startUs: start + 2_000_000 }]), false, 'gallery_with_screen_share');
    await runJobs();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'ready', failure: null });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(5);
    expect(row.durationSeconds).toBeLessThanOrEqual(6);
    expect(await streamsOf(row.videoKey!)).toEqual(['video', 'audio']);
    const file = await storedCopy(row.videoKey!);
    // Publisher 1 alone (0–2 s): the left tile shows them, the right one is black.
    const early = frameAt(file, 1);
    expect([early.width, early.height]).toEqual([1280, 720]);
    expect(brightness(early, leftHalf)).toBeGreaterThan(40);
    expect(brightness(early, rightHalf)).toBeLessThan(20);
    // Both (2–3.5 s): both tiles.
    const both = frameAt(file, 3);
    expect(brightness(both, leftHalf)).toBeGreaterThan(40);
    expect(brightness(both, rightHalf)).toBeGreaterThan(40);
    // Publisher 1 has left (after 3.5 s): their tile is black again.
    const late = frameAt(file, 4.8);
    expect(brightness(late, leftHalf)).toBeLessThan(20);
    expect(brightness(late, rightHalf)).toBeGreaterThan(40);
    // Everyone's sound with it.
    expect(await loudness(row.videoKey!, 3.8, 1.4)).toBeGreaterThan(500);
  }, 120_000);

  it('shows only the host’s picture in host mode, the media events telling which publisher the host is', async () => {
    const start = demoStartUs();
    const guest = 'guest-00000000-0000-4000-8000-000000000001';
    const id = await meetingWithEvents('host_with_screen_share', [{ id: 1, startUs: start }, { id: 2, startUs: start + 2_000_000 }], (hostId) => [
      { type: 'stream.published', participantKey: guest, at: start / 1000, data: { publisher: '1', streams: [{ kind: 'audio' }, { kind: 'video' }] } },
      { type: 'stream.published', participantKey: hostId, at: start / 1000 + 2000, data: { publisher: '2', streams: [{ kind: 'audio' }, { kind: 'video' }] } },
    ]);
    await runJobs();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'ready', failure: null });
    const file = await storedCopy(row.videoKey!);
    // The host (publisher 2) joined at 2 s: black before, their picture after, whole frame.
    expect(brightness(frameAt(file, 1), whole)).toBeLessThan(20);
    const hosted = frameAt(file, 3);
    expect([hosted.width, hosted.height]).toEqual([1280, 720]);
    expect(brightness(hosted, leftHalf)).toBeGreaterThan(40);
    expect(brightness(hosted, rightHalf)).toBeGreaterThan(40);
  }, 120_000);

  it('gives a shared screen the whole picture while it is shared, the gallery otherwise', async () => {
    const start = demoStartUs();
    const guest = 'guest-00000000-0000-4000-8000-000000000002';
    const id = await meetingWithEvents('gallery_with_screen_share', [{ id: 1, startUs: start }, { id: 2, startUs: start + 2_000_000 }], (hostId) => [
      { type: 'stream.published', participantKey: hostId, at: start / 1000, data: { publisher: '1', streams: [{ kind: 'audio' }, { kind: 'video' }] } },
      { type: 'stream.published', participantKey: hostId, at: start / 1000 + 500, data: { publisher: '1', streams: [{ kind: 'audio' }, { kind: 'screen' }] } },
      { type: 'stream.unpublished', participantKey: hostId, at: start / 1000 + 1500, data: { kinds: ['screen'] } },
      { type: 'stream.published', participantKey: guest, at: start / 1000 + 2000, data: { publisher: '2', streams: [{ kind: 'audio' }, { kind: 'video' }] } },
    ]);
    await runJobs();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'ready', failure: null });
    const file = await storedCopy(row.videoKey!);
    // 0.5–1.5 s: publisher 1's screen fills the picture, right half included (the gallery's right tile is black then).
    const sharing = frameAt(file, 1);
    expect(brightness(sharing, leftHalf)).toBeGreaterThan(40);
    expect(brightness(sharing, rightHalf)).toBeGreaterThan(40);
    // 1.6–2 s: the gallery again, publisher 2 not yet there.
    expect(brightness(frameAt(file, 1.8), rightHalf)).toBeLessThan(20);
    expect(brightness(frameAt(file, 1.8), { x: 0, y: 0, width: 1280, height: 100 })).toBeLessThan(20);
  }, 120_000);

  it('switches the picture to whoever speaks, from their own audio (ordinary VP8 and Opus files)', async () => {
    // The .mjr step is the same as the gallery's; here two visibly different pictures and voices:
    // A red and speaking 0–3 s, B blue and speaking 3–6 s.
    const dir = join(work, 'speaker');
    mkdirSync(dir, { recursive: true });
    const make = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
    const vp8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
    make(['-f', 'lavfi', '-i', 'color=c=red:s=640x480:r=15:d=6', ...vp8, join(dir, 'a.webm')]);
    make(['-f', 'lavfi', '-i', 'color=c=blue:s=640x480:r=15:d=6', ...vp8, join(dir, 'b.webm')]);
    make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-af', 'apad=whole_dur=6', '-c:a', 'libopus', join(dir, 'a.opus')]);
    make(['-f', 'lavfi', '-i', 'sine=frequency=660:duration=3', '-af', 'adelay=3000:all=1,apad=whole_dur=6', '-c:a', 'libopus', join(dir, 'b.opus')]);
    const speech = new Map([
      ['a', await speechLevels('ffmpeg', join(dir, 'a.opus'))],
      ['b', await speechLevels('ffmpeg', join(dir, 'b.opus'))],
    ]);
    expect(speech.get('a')!.slice(0, 3).every((level) => level > -30)).toBe(true);
    expect(speech.get('a')![4]).toBeLessThan(-50);
    expect(speech.get('b')![1]).toBeLessThan(-50);
    const videos = [
      { publisher: 'a', file: join(dir, 'a.webm'), from: 0, to: 6 },
      { publisher: 'b', file: join(dir, 'b.webm'), from: 0, to: 6 },
    ];
    const shots = planShots({ rule: layoutRuleOf('active_speaker_with_screen_share')!, videos, total: 6, speech, host: new Set(), screens: [] });
    expect(shots).toEqual([
      { from: 0, to: 3, show: { kind: 'full', publishers: ['a'] } },
      { from: 3, to: 6, show: { kind: 'full', publishers: ['b'] } },
    ]);
    await mixAudio('ffmpeg', [{ file: join(dir, 'a.opus'), offsetMs: 0 }, { file: join(dir, 'b.opus'), offsetMs: 0 }], join(dir, 'mix.opus'));
    await composeVideo('ffmpeg', shots, videos, join(dir, 'mix.opus'), 6, join(dir, 'speaker.webm'));
    const [red, , blueOfA] = colourOf(frameAt(join(dir, 'speaker.webm'), 1), whole);
    expect(red).toBeGreaterThan(150);
    expect(blueOfA).toBeLessThan(60);
    const [redOfB, , blue] = colourOf(frameAt(join(dir, 'speaker.webm'), 4.5), whole);
    expect(blue).toBeGreaterThan(150);
    expect(redOfB).toBeLessThan(60);
  }, 120_000);

  it('takes over a job whose server died while converting, once its lease has run out', async () => {
    const raw = join(work, 'restart');
    cpSync(demoCapture, raw, { recursive: true });
    const id = await queued(raw);
    // A server claimed it (attempt counted, run_at pushed by the lease) and died before finishing.
    await server.database.withPlatform((tx) =>
      tx
        .update(jobs)
        .set({ attempts: 1, runAt: new Date(clock.getTime() + 600_000) })
        .where(eq(jobs.dedupeKey, `recording.convert:${id}`)),
    );
    // Counted by the job's state, not by runDue's total: periodic jobs (retention, Slack) run too.
    await runJobs();
    expect((await rowOf(id)).status).toBe('processing');
    clock = new Date(clock.getTime() + 601_000);
    await runJobs();
    expect(await rowOf(id)).toMatchObject({ status: 'ready', failure: null });
    const [job] = await server.database.withPlatform((tx) => tx.select().from(jobs).where(eq(jobs.dedupeKey, `recording.convert:${id}`)));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('converts both runs of a room its restarted media node re-created into the meeting’s one recording', async () => {
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: { kind: 'scheduled', topic: 'Restarted', start: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30, timeZone: 'UTC', recordMode: 'audio_and_video', options: platformMeetingOptions },
    });
    expect((await server.request('acme', 'PUT', `/meetings/${created.body.id}/room`, { session: host })).status).toBe(200);
    const rawDir = media.recordingsDir!(nextRoom - 1)!;
    // Run 1 wrote the demo capture (publisher 1, 0–3.5 s); the node restarts and the room is re-created in the same folder.
    const restartAt = Date.now() + 1_000;
    expect(await recoverRoomsAfterRestart(server.app, 'janus-test', restartAt)).toEqual({ recreated: 1, ended: 0 });
    // Run 2: publisher 7, 10 s after run 1 began.
    capture(rawDir, [{ id: 7, startUs: demoStartUs() + 10_000_000 }], true);
    expect((await server.request('acme', 'DELETE', `/meetings/${created.body.id}/room`, { session: host })).status).toBe(204);
    const [queuedRow] = await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, created.body.id)));
    await runJobs();
    const row = await rowOf(queuedRow!.id);
    expect(row).toMatchObject({ status: 'ready', failure: null });
    // It starts with the room, not with the run after the restart.
    expect(row.startedAt.getTime()).toBeLessThan(restartAt);
    expect(row.durationSeconds).toBeGreaterThanOrEqual(13);
    expect(row.durationSeconds).toBeLessThanOrEqual(14);
    // Both runs are heard, each at its time.
    expect(await loudness(row.audioKey!, 0.2, 1.5)).toBeGreaterThan(500);
    expect(await loudness(row.audioKey!, 5, 3)).toBeLessThan(50);
    expect(await loudness(row.audioKey!, 10.2, 1.5)).toBeGreaterThan(500);
    expect(existsSync(rawDir)).toBe(false);
  }, 120_000);

  it('converts the recording of a meeting whose room its restarted media node could not re-create', async () => {
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: { kind: 'scheduled', topic: 'Not re-created', start: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30, timeZone: 'UTC', recordMode: 'audio_and_video', options: platformMeetingOptions },
    });
    expect((await server.request('acme', 'PUT', `/meetings/${created.body.id}/room`, { session: host })).status).toBe(200);
    refusedRooms.add(nextRoom - 1);
    // Another restart of the node (more than the 30 s that tell one restart told twice).
    expect(await recoverRoomsAfterRestart(server.app, 'janus-test', Date.now() + 120_000)).toEqual({ recreated: 0, ended: 1 });
    const [queuedRow] = await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, created.body.id)));
    expect(queuedRow).toMatchObject({ status: 'processing' });
    await runJobs();
    expect(await rowOf(queuedRow!.id)).toMatchObject({ status: 'ready', failure: null, videoKey: expect.any(String), audioKey: expect.any(String) });
  });

  it('reads a configured node’s recordings from JANUS_RECORDINGS_DIR, each room in its own folder', () => {
    const janus = { JANUS_URL: 'http://janus:8088/janus', JANUS_ADMIN_URL: 'http://janus:7088/admin', JANUS_ADMIN_SECRET: 'secret' };
    expect(configuredMedia(loadConfig({ ...janus, JANUS_RECORDINGS_DIR: '/srv/janus-recordings' }).media).recordingsDir?.(42)).toBe('/srv/janus-recordings/42');
    expect(configuredMedia(loadConfig(janus).media).recordingsDir?.(42)).toBeNull();
  });
});
