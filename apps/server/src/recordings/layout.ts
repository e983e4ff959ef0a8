// The picture of a recording of several publishers, by the room's record mode (spec section 9,
// src/meetings/recording-policy.ts). Pure planning here; convert.ts runs ffmpeg on the plan.
//
// Every mode's picture is a list of shots on the meeting's timeline (seconds from the earliest
// track's first packet, the `u` offsets the audio mix uses): a shot shows the gallery grid, one
// publisher full frame, or black.
// - Gallery (`gallery_with_screen_share`, and `audio_and_video`: everyone's sound and everyone's
//   picture): every publisher's video in a grid, 1 → full, 2 → side by side, 3–4 → 2x2, 5–9 → 3x3.
//   More than nine: the nine who published video longest (a 4x4 grid of 320x180 tiles shows nobody).
//   Tiles keep their place for the whole recording, in the order people started publishing.
// - Active speaker: whoever is speaking, told from the publishers' own audio (speakerShots).
// - Host only: the host's picture (the publishers the media events tie to the meeting's host); when
//   no event names the host's publisher (a simulator recording, events lost), the first publisher.
// - Screen share (the three "with screen share" modes and `audio_and_screen_share`): the portal's
//   room page sends a screen INSTEAD of the camera on the same video stream (janus-room.ts
//   setSharing), so the screen is in the sharer's own video file and only the media events
//   (`stream.published` of kind screen, with the publisher's id) say when it is one. While a screen
//   is shared it takes the whole picture (the latest sharer when two overlap); no small camera tile
//   over it, since the sharer's camera is not sent meanwhile and a tile of someone else would hide
//   part of the screen. Outside sharing the mode's own layout shows; `audio_and_screen_share` shows
//   black there.
import { present } from '../kernel/db/present.ts';

export type LayoutRule = { base: 'gallery' | 'speaker' | 'host' | 'black'; screen: boolean };

/** The picture rule of a record mode; null: no video (audio only). A mode the portal does not know (an older job's) records like `audio_and_video`. */
export function layoutRuleOf(mode: string | null | undefined): LayoutRule | null {
  switch (mode) {
    case 'audio_only':
      return null;
    case 'host_with_screen_share':
      return { base: 'host', screen: true };
    case 'gallery_with_screen_share':
      return { base: 'gallery', screen: true };
    case 'active_speaker_with_screen_share':
      return { base: 'speaker', screen: true };
    case 'audio_and_screen_share':
      return { base: 'black', screen: true };
    default:
      return { base: 'gallery', screen: false };
  }
}

/** A converted video file and when it runs on the timeline (seconds). */
export type VideoInput = { publisher: string; file: string; from: number; to: number };
export type Show = { kind: 'grid' } | { kind: 'full'; publishers: string[] } | { kind: 'black' };
export type Shot = { from: number; to: number; show: Show };
/** A screen shared by a publisher, on the timeline (seconds; `to` may be Infinity: still shared at the end). */
export type ScreenShare = { publisher: string; from: number; to: number };

export const canvas = { width: 1280, height: 720 } as const;
/** The recording's frame rate: a meeting's cameras send 15–30 fps; 15 keeps the re-encode affordable on a small server. */
export const frameRate = 15;
export const maxTiles = 9;

/** The gallery's publishers: at most nine, those who published video longest, placed in the order they started. */
export function galleryOf(videos: VideoInput[]): string[] {
  const spans = new Map<string, { from: number; length: number }>();
  for (const video of videos) {
    const span = spans.get(video.publisher) ?? { from: video.from, length: 0 };
    spans.set(video.publisher, { from: Math.min(span.from, video.from), length: span.length + (video.to - video.from) });
  }
  return [...spans.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, maxTiles)
    .sort((a, b) => a[1].from - b[1].from)
    .map(([publisher]) => publisher);
}

/** Tile `index` of a grid of `count` tiles on the canvas. */
export function tileOf(index: number, count: number): { x: number; y: number; width: number; height: number } {
  const columns = count <= 1 ? 1 : count <= 4 ? 2 : 3;
  const rows = count <= 1 ? 1 : count === 2 ? 1 : count <= 4 ? 2 : 3;
  // Even sizes: VP8 in yuv420p needs them.
  const width = Math.floor(canvas.width / columns / 2) * 2;
  const height = Math.floor(canvas.height / rows / 2) * 2;
  return { x: (index % columns) * width, y: Math.floor(index / columns) * height, width, height };
}

/** Below this loudness (RMS of a one-second window, dBFS) a publisher is not speaking: room noise, or an open microphone in silence. */
export const speakingDb = -50;
/** A speaker keeps the picture at least this long (seconds). */
export const holdSeconds = 2;

/**
 * Who is shown in active-speaker mode, from each publisher's loudness per second of the timeline
 * (`speech`: dBFS of window k = [k, k+1), -Infinity when silent or not sending). The rule: in each
 * second the loudest publisher at or above `speakingDb` is the one speaking. Someone else takes the
 * picture when they are the one speaking two seconds in a row (a cough or a word does not switch),
 * from the first of those seconds, and only once the one shown has had it for `holdSeconds`; silence
 * keeps whoever was shown. Before anyone speaks, `first` (the earliest picture), which the first
 * voice replaces at once. (Two seconds in a row already keep a speaker two seconds; the hold says so
 * outright, so a longer `holdSeconds` would hold longer.) Only publishers
 * with a picture (`candidates`) are shown; a voice without video never takes it.
 */
export function speakerShots(speech: Map<string, number[]>, candidates: string[], first: string, total: number): Shot[] {
  const windows = Math.ceil(total);
  const speaking = (k: number): string | null => {
    let best: string | null = null;
    let bestDb = speakingDb;
    for (const publisher of candidates) {
      const level = speech.get(publisher)?.[k] ?? Number.NEGATIVE_INFINITY;
      if (level >= bestDb) {
        best = publisher;
        bestDb = level;
      }
    }
    return best;
  };
  const shots: Shot[] = [];
  let shown = first;
  let from = 0;
  // The opening picture is nobody speaking: the first voice takes it at once.
  let since = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < windows; k += 1) {
    const now = speaking(k);
    if (now === null || now === shown || k - since < holdSeconds || speaking(k + 1) !== now) continue;
    shots.push({ from, to: k, show: { kind: 'full', publishers: [shown] } });
    shown = now;
    from = k;
    since = k;
  }
  shots.push({ from, to: total, show: { kind: 'full', publishers: [shown] } });
  return shots.filter((shot) => shot.to > shot.from);
}

/** The shots with every screen share on top (see the top: a shared screen takes the picture). */
export function withScreens(base: Shot[], screens: ScreenShare[], total: number): Shot[] {
  const cuts = [...new Set([0, total, ...base.flatMap((shot) => [shot.from, shot.to]), ...screens.flatMap((share) => [share.from, share.to])])]
    .filter((at) => at >= 0 && at <= total)
    .sort((a, b) => a - b);
  const shots: Shot[] = [];
  for (let index = 0; index + 1 < cuts.length; index += 1) {
    const from = present(cuts[index], 'cuts[index]');
    const to = present(cuts[index + 1], 'cuts[index + 1]');
    const sharing = screens.filter((share) => share.from <= from && share.to >= to).sort((a, b) => b.from - a.from)[0];
    const show: Show = sharing ? { kind: 'full', publishers: [sharing.publisher] } : (base.find((shot) => shot.from <= from && shot.to >= to)?.show ?? { kind: 'black' });
    const last = shots.at(-1);
    if (last && JSON.stringify(last.show) === JSON.stringify(show)) last.to = to;
    else shots.push({ from, to, show });
  }
  return shots;
}

export type PlanInput = {
  rule: LayoutRule;
  videos: VideoInput[];
  /** The recording's length on the timeline, seconds. */
  total: number;
  /** Loudness per second of each publisher (active speaker). */
  speech: Map<string, number[]>;
  /** The host's publishers, as the media events name them (possibly several: they re-joined). */
  host: ReadonlySet<string>;
  screens: ScreenShare[];
};

/** The shots of a recording (see the top). */
export function planShots(input: PlanInput): Shot[] {
  const { rule, videos, total } = input;
  const byStart = [...videos].sort((a, b) => a.from - b.from);
  const withVideo = [...new Set(byStart.map((video) => video.publisher))];
  const first = withVideo[0];
  let base: Shot[];
  if (first === undefined || rule.base === 'black') base = [{ from: 0, to: total, show: { kind: 'black' } }];
  else if (rule.base === 'gallery') base = [{ from: 0, to: total, show: { kind: 'grid' } }];
  else if (rule.base === 'host') {
    const host = withVideo.filter((publisher) => input.host.has(publisher));
    base = [{ from: 0, to: total, show: { kind: 'full', publishers: host.length > 0 ? host : [first] } }];
  } else base = speakerShots(input.speech, withVideo, first, total);
  const screens = rule.screen ? input.screens.filter((share) => withVideo.includes(share.publisher)) : [];
  return withScreens(base, screens, total);
}

const seconds = (value: number) => value.toFixed(3);
/** An ffmpeg expression true while `t` is in one of the spans (each [from, to)). */
const during = (spans: { from: number; to: number }[]) => spans.map((span) => `gte(t,${seconds(span.from)})*lt(t,${seconds(span.to)})`).join('+');
const fit = (width: number, height: number) =>
  `scale=${width}:${height}:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;

/**
 * The ffmpeg filter graph drawing the shots, the video files being inputs 0.. in `videos`' order;
 * its output is `[picture]`.
 *
 * Placing on the timeline: each input's timestamps start at its `from` (`setpts=PTS-STARTPTS+from/TB`)
 * and it is overlaid on a black `color` source of the recording's length, with `eof_action=pass` and
 * an `enable` expression per shot. That is what makes a tile black before its publisher started and
 * after they stopped: before an input's first frame the overlay has nothing to draw and passes the
 * black base through, after its last one `eof_action=pass` does the same (the default would repeat
 * the last frame for ever). `tpad` would need constant-rate input, which a camera switched off and on
 * is not, and `-itsoffset` moves the start but not the end. Inputs may change resolution mid-stream
 * (a screen share, a camera scaled down under load): `scale` follows, each input read with
 * `-reinit_filter 0` so ffmpeg does not rebuild (and restart) the whole graph.
 */
export function compositionGraph(shots: Shot[], videos: VideoInput[], total: number): string {
  const gallery = galleryOf(videos);
  const gridSpans = shots.filter((shot) => shot.show.kind === 'grid');
  const parts = [`color=c=black:s=${canvas.width}x${canvas.height}:r=${frameRate}:d=${seconds(total)},format=yuv420p[base0]`];
  let layer = 0;
  const overlay = (input: string, x: number, y: number, spans: { from: number; to: number }[]) => {
    parts.push(`[base${layer}][${input}]overlay=x=${x}:y=${y}:eof_action=pass:enable='${during(spans)}'[base${layer + 1}]`);
    layer += 1;
  };
  for (const [index, video] of videos.entries()) {
    const tile = gallery.indexOf(video.publisher);
    const fullSpans = shots.filter((shot) => shot.show.kind === 'full' && shot.show.publishers.includes(video.publisher));
    const uses = [...(tile >= 0 && gridSpans.length > 0 ? ['grid'] : []), ...(fullSpans.length > 0 ? ['full'] : [])];
    if (uses.length === 0) continue;
    parts.push(`[${index}:v]setpts=PTS-STARTPTS+${seconds(video.from)}/TB${uses.length === 2 ? `,split=2[in${index}grid][in${index}full]` : `[in${index}${uses[0]}]`}`);
    if (uses.includes('grid')) {
      const place = tileOf(tile, gallery.length);
      parts.push(`[in${index}grid]${fit(place.width, place.height)}[tile${index}]`);
      overlay(`tile${index}`, place.x, place.y, gridSpans);
    }
    if (uses.includes('full')) {
      parts.push(`[in${index}full]${fit(canvas.width, canvas.height)}[full${index}]`);
      overlay(`full${index}`, 0, 0, fullSpans);
    }
  }
  parts.push(`[base${layer}]null[picture]`);
  return parts.join(';');
}
