// Turning the media server's raw recordings (Janus `.mjr`, one file per publisher and stream) into
// the files people download: one audio file (Opus) and one video file (WebM). Each stream is
// converted with the media server's own post-processing tool `janus-pp-rec`; several publishers'
// audio is mixed with `ffmpeg`. Both run without a shell and with a timeout.
//
// The picture follows the room's record mode (layout.ts): with two publishers or more sending video
// and `ffmpeg` installed, each video .mjr becomes a .webm with janus-pp-rec and `composeVideo` draws
// the mode's layout from them (gallery grid, active speaker, host only, a shared screen over it) on
// a 1280x720 canvas, re-encoded to VP8 at 15 fps (libvpx at its fastest), with the mixed sound.
// Active speaker is told from each publisher's audio (`speechLevels`: loudness per second). With
// one publisher, without ffmpeg, or when composing fails or outlasts its time, a recording keeps
// ONE publisher's video as before: the publisher whose video file is largest (who published video
// longest, at about 60 KB/s), copied, not re-encoded. An audio-only record mode keeps no video.
//
// The sound: with two publishers or more and `ffmpeg` installed, everyone's audio. Each audio .mjr
// becomes an .opus with janus-pp-rec, `ffmpeg` delays each by when its publisher started sending
// (`adelay`) and adds them (`amix`, `normalize=0`: every voice at its own level, as heard in the
// meeting, rather than each divided by the number of inputs) into audio.opus; the video gets that
// mix muxed in (`-c:v copy`, the Opus copied from the mix), so video.webm plays with every voice.
// Timing: an .mjr's JSON header (`janus-pp-rec -j`) holds `u`, the Janus host's clock (microseconds)
// when the first packet was written, and janus-pp-rec's output begins at that first packet, so `u`
// is where each converted file belongs on the meeting's timeline; `s` (the file's creation) is the
// fallback for headers without `u`. Both come from one host's clock, so their differences are exact
// enough (RTP timestamps are per stream and cannot be compared across publishers). The timeline
// starts at the earliest audio or video start; the video is shifted to its own start with
// `-itsoffset`. Without `ffmpeg` (a server that has not installed it keeps working) or with one
// publisher, the recording is as before mixing existed: that publisher's audio as audio.opus, their
// picture alone as video.webm; when the video's publisher sent no audio, the largest audio file
// (who spoke longest).
import { execFile } from 'node:child_process';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { present } from '../kernel/db/present.ts';
import { compositionGraph, frameRate, type Shot, type VideoInput } from './layout.ts';

/** `startUs`: when Janus wrote the track's first packet (its host clock, microseconds), if the header says. */
export type RawTrack = { file: string; kind: 'audio' | 'video'; codec: string; bytes: number; publisher: string; startUs: number | null };

export type ToolError = Error & { code?: string | number };

/** Why a conversion cannot be retried to success: the tool is missing, no files, garbage in. */
export class ConversionRefused extends Error {}

const toolTimeoutMs = 120_000;
/** Mixing re-encodes the whole meeting (roughly 100 times faster than real time on one core): up to
 * five minutes, well inside the job queue's ten-minute lease so no other server takes the job meanwhile. */
const mixTimeoutMs = 300_000;

function run(tool: string, args: string[], timeout = toolTimeoutMs): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const failure = error as ToolError;
      if (failure.code === 'ENOENT') return reject(new ConversionRefused(`The conversion tool ${tool} is not installed on the portal server.`));
      reject(new Error(`${basename(tool)} ${args.at(-1) ? basename(present(args.at(-1), 'args.at(-1)')) : ''} failed: ${(stderr || failure.message).trim().split('\n').slice(-3).join(' ')}`.slice(0, 500)));
    });
  });
}

/**
 * Janus names a VideoRoom recording `videoroom-<room>-user-<publisher>-<time>-<audio|video>-<mid>.mjr`;
 * the publisher is that `user-<id>` (older names without it: the part before the stream kind).
 */
export function publisherOf(file: string): string {
  const name = basename(file);
  return /-user-(\d+)-/.exec(name)?.[1] ?? name.replace(/-(audio|video|data)(-\d+)?\.mjr$/, '');
}

/** The `.mjr` files of a directory, each told audio or video by `janus-pp-rec -j` (its JSON header). */
export async function rawTracks(tool: string, dir: string): Promise<RawTrack[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.mjr')).sort();
  } catch (error) {
    if ((error as ToolError).code === 'ENOENT') return [];
    throw error;
  }
  const tracks: RawTrack[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const { size } = await stat(file);
    if (size === 0) continue;
    const header = JSON.parse((await run(tool, ['-j', file])).trim().split('\n').find((line) => line.trim().startsWith('{')) ?? '{}') as { t?: string; c?: string; s?: unknown; u?: unknown };
    const kind = header.t === 'a' ? 'audio' : header.t === 'v' ? 'video' : null;
    if (!kind) continue;
    const startUs = [header.u, header.s].map(Number).find((value) => Number.isFinite(value) && value > 0) ?? null;
    tracks.push({ file, kind, codec: String(header.c ?? ''), bytes: size, publisher: publisherOf(file), startUs });
  }
  return tracks;
}

/** The tracks a recording keeps when nothing is mixed (see the rule at the top). */
export function chooseTracks(tracks: RawTrack[], audioOnly: boolean): { audio: RawTrack | null; video: RawTrack | null } {
  const largest = (list: RawTrack[]) => list.reduce<RawTrack | null>((best, track) => (best === null || track.bytes > best.bytes ? track : best), null);
  const audios = tracks.filter((track) => track.kind === 'audio' && track.codec === 'opus');
  const video = audioOnly ? null : largest(tracks.filter((track) => track.kind === 'video' && (track.codec === 'vp8' || track.codec === 'vp9')));
  const audio = (video ? largest(audios.filter((track) => track.publisher === video.publisher)) : null) ?? largest(audios);
  return { audio, video };
}

/** Converts one raw track to `target` (.opus or .webm, chosen by its extension). */
export async function convertTrack(tool: string, track: RawTrack, target: string): Promise<void> {
  await run(tool, ['-o', '-d', '2', track.file, target]);
  const made = await stat(target).catch(() => null);
  if (!made || made.size === 0) throw new ConversionRefused(`${basename(track.file)} holds no playable ${track.kind}.`);
}

/** The length of a raw track in seconds, from its extended JSON report (`-e`: `extended.duration`), unrounded. */
export async function exactDurationOf(tool: string, track: RawTrack): Promise<number | null> {
  try {
    const text = await run(tool, ['-e', '-d', '2', track.file]);
    const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { extended?: { duration?: unknown } };
    const seconds = Number(json.extended?.duration ?? Number.NaN);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    return null;
  } catch {
    return null;
  }
}

/** The length of a raw track in whole seconds (see exactDurationOf). */
export async function durationOf(tool: string, track: RawTrack): Promise<number | null> {
  const seconds = await exactDurationOf(tool, track);
  return seconds === null ? null : Math.round(seconds);
}

/** The audio tracks to mix: every Opus audio track when two publishers or more sent audio, else null. */
export function tracksToMix(tracks: RawTrack[]): RawTrack[] | null {
  const audios = tracks.filter((track) => track.kind === 'audio' && track.codec === 'opus');
  return new Set(audios.map((track) => track.publisher)).size >= 2 ? audios : null;
}

/** Where each track starts on the recording's timeline, in milliseconds from the earliest (0 when the header gave no time). */
export function offsetsMs(tracks: RawTrack[]): Map<RawTrack, number> {
  const starts = tracks.map((track) => track.startUs).filter((start): start is number => start !== null);
  const origin = starts.length > 0 ? Math.min(...starts) : 0;
  return new Map(tracks.map((track) => [track, track.startUs === null ? 0 : Math.round((track.startUs - origin) / 1000)]));
}

/** Whether `ffmpeg` runs here (false when it is not installed). */
export async function ffmpegAvailable(ffmpeg: string): Promise<boolean> {
  try {
    await run(ffmpeg, ['-hide_banner', '-version']);
    return true;
  } catch (error) {
    if (error instanceof ConversionRefused) return false;
    throw error;
  }
}

const ffmpegQuiet = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/** Mixes converted .opus files, each delayed by its offset, into one Ogg Opus file (see the top). */
export async function mixAudio(ffmpeg: string, inputs: { file: string; offsetMs: number }[], target: string): Promise<void> {
  const delays = inputs.map((input, index) => `[${index}:a]adelay=delays=${Math.max(0, input.offsetMs)}:all=1[a${index}]`);
  const graph = `${delays.join(';')};${inputs.map((_, index) => `[a${index}]`).join('')}amix=inputs=${inputs.length}:duration=longest:normalize=0[mix]`;
  await run(ffmpeg, [...ffmpegQuiet, ...inputs.flatMap((input) => ['-i', input.file]), '-filter_complex', graph, '-map', '[mix]', '-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg', target], mixTimeoutMs);
  const made = await stat(target).catch(() => null);
  if (!made || made.size === 0) throw new Error(`ffmpeg made no mixed audio from ${inputs.length} tracks.`);
}

/** The converted video (placed at its offset) with the mixed audio as its sound, as WebM; the picture is copied, not re-encoded. */
export async function muxVideo(ffmpeg: string, video: { file: string; offsetMs: number }, audio: string, target: string): Promise<void> {
  const offset = (Math.max(0, video.offsetMs) / 1000).toFixed(3);
  await run(ffmpeg, [...ffmpegQuiet, '-itsoffset', offset, '-i', video.file, '-i', audio, '-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'copy', '-f', 'webm', target], mixTimeoutMs);
  const made = await stat(target).catch(() => null);
  if (!made || made.size === 0) throw new Error('ffmpeg made no video with the mixed audio.');
}

/**
 * The loudness of a converted audio file per second of its own time (RMS of each one-second window,
 * dBFS; -Infinity for digital silence), measured by ffmpeg (`astats` per window of 8000 samples at
 * 8 kHz, printed by `ametadata`) for active-speaker recordings (layout.ts speakerShots).
 */
export async function speechLevels(ffmpeg: string, file: string): Promise<number[]> {
  const filter = 'aresample=8000,asetnsamples=n=8000:p=0,astats=metadata=1:reset=1,ametadata=mode=print:key=lavfi.astats.Overall.RMS_level:file=-';
  const text = await run(ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-af', filter, '-f', 'null', '-'], mixTimeoutMs);
  const levels: number[] = [];
  let window = 0;
  for (const line of text.split('\n')) {
    const time = /pts_time:([\d.]+)/.exec(line);
    if (time) window = Math.round(Number(time[1]));
    const level = /RMS_level=(\S+)/.exec(line);
    if (level) levels[window] = level[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(level[1]);
  }
  return Array.from(levels, (level) => (level === undefined || Number.isNaN(level) ? Number.NEGATIVE_INFINITY : level));
}

/**
 * How long re-encoding the composed picture (VP8, libvpx at its fastest: `-deadline realtime
 * -cpu-used 8`, 15 fps, 1280x720) may take for a meeting of `seconds`: it runs at about real time on
 * a loaded small server, so three times the meeting, and at least eight minutes. The job extends its
 * lease to match (jobs.ts); past it the recording keeps the single picture rather than failing.
 */
export const composeBudgetMs = (seconds: number) => Math.max(480_000, Math.ceil(seconds) * 3_000);

/** The shots (layout.ts) drawn from the converted video files, with `audio` (if any) as the sound, into a WebM file of `total` seconds. */
export async function composeVideo(ffmpeg: string, shots: Shot[], videos: VideoInput[], audio: string | null, total: number, target: string, timeoutMs = composeBudgetMs(total)): Promise<void> {
  const graph = compositionGraph(shots, videos, total);
  // A long meeting's switches make a long graph: past what one argument may hold, ffmpeg reads it from a file.
  const graphArgs = graph.length < 60_000 ? ['-filter_complex', graph] : await (async () => {
    const file = `${target}.graph.txt`;
    await writeFile(file, graph);
    return ['-filter_complex_script', file];
  })();
  const inputs = videos.flatMap((video) => ['-reinit_filter', '0', '-i', video.file]);
  const sound = audio ? { input: ['-i', audio], map: ['-map', `${videos.length}:a`, '-c:a', 'copy'] } : { input: [], map: [] };
  const encode = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1200k', '-g', String(frameRate * 4), '-threads', '2', '-r', String(frameRate)];
  await run(ffmpeg, [...ffmpegQuiet, ...inputs, ...sound.input, ...graphArgs, '-map', '[picture]', ...sound.map, ...encode, '-t', total.toFixed(3), '-f', 'webm', target], timeoutMs);
  const made = await stat(target).catch(() => null);
  if (!made || made.size === 0) throw new Error(`ffmpeg composed no video from ${videos.length} pictures.`);
}
