// Turning the media server's raw recordings (Janus `.mjr`, one file per publisher and stream) into
// the files people download: one audio file (Opus) and one video file (WebM), with the media
// server's own post-processing tool `janus-pp-rec`, run without a shell and with a timeout.
//
// Several publishers: `janus-pp-rec` converts one stream per file and mixes nothing, so a
// recording keeps ONE publisher's picture and sound. The rule: the video of the publisher whose
// video file is largest (who published video longest, at about 60 KB/s), with that same
// publisher's audio so picture and sound match; when they sent no audio, the largest audio file
// (who spoke longest). An audio-only record mode keeps only the audio.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { present } from '../db/present.ts';

export type RawTrack = { file: string; kind: 'audio' | 'video'; codec: string; bytes: number; publisher: string };

export type ToolError = Error & { code?: string | number };

/** Why a conversion cannot be retried to success: the tool is missing, no files, garbage in. */
export class ConversionRefused extends Error {}

const toolTimeoutMs = 120_000;

function run(tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: toolTimeoutMs, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
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
    const header = JSON.parse((await run(tool, ['-j', file])).trim().split('\n').find((line) => line.trim().startsWith('{')) ?? '{}') as { t?: string; c?: string };
    const kind = header.t === 'a' ? 'audio' : header.t === 'v' ? 'video' : null;
    if (!kind) continue;
    tracks.push({ file, kind, codec: String(header.c ?? ''), bytes: size, publisher: publisherOf(file) });
  }
  return tracks;
}

/** The tracks a recording keeps (see the rule at the top). */
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

/** The length of a raw track in seconds, from its extended JSON report (`-e`: `extended.duration`). */
export async function durationOf(tool: string, track: RawTrack): Promise<number | null> {
  try {
    const text = await run(tool, ['-e', '-d', '2', track.file]);
    const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { extended?: { duration?: unknown } };
    const seconds = Number(json.extended?.duration ?? Number.NaN);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds);
    return null;
  } catch {
    return null;
  }
}
