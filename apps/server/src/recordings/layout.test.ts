// The picture plan of a recording of several publishers (layout.ts) and what the media events tell
// it (room-events.ts), without ffmpeg: test/recordings-convert.test.ts draws the plans for real.
import { describe, expect, it } from 'vitest';
import { compositionGraph, galleryOf, layoutRuleOf, planShots, speakerShots, tileOf, withScreens, type VideoInput } from './layout.ts';
import { roomFactsOf } from './room-events.ts';

const video = (publisher: string, from: number, to: number): VideoInput => ({ publisher, file: `${publisher}.webm`, from, to });
const full = (from: number, to: number, ...publishers: string[]) => ({ from, to, show: { kind: 'full', publishers } });
const quiet = Number.NEGATIVE_INFINITY;

describe('record modes', () => {
  it('gives each spec mode its picture rule, and none to audio only', () => {
    expect(layoutRuleOf('audio_only')).toBeNull();
    expect(layoutRuleOf('gallery_with_screen_share')).toEqual({ base: 'gallery', screen: true });
    expect(layoutRuleOf('active_speaker_with_screen_share')).toEqual({ base: 'speaker', screen: true });
    expect(layoutRuleOf('host_with_screen_share')).toEqual({ base: 'host', screen: true });
    expect(layoutRuleOf('audio_and_screen_share')).toEqual({ base: 'black', screen: true });
    expect(layoutRuleOf('audio_and_video')).toEqual({ base: 'gallery', screen: false });
    expect(layoutRuleOf(null)).toEqual({ base: 'gallery', screen: false });
  });
});

describe('the gallery', () => {
  it('lays 1 full, 2 side by side, 3–4 in 2x2 and up to 9 in 3x3 tiles', () => {
    expect(tileOf(0, 1)).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
    expect([tileOf(0, 2), tileOf(1, 2)]).toEqual([
      { x: 0, y: 0, width: 640, height: 720 },
      { x: 640, y: 0, width: 640, height: 720 },
    ]);
    expect(tileOf(2, 3)).toEqual({ x: 0, y: 360, width: 640, height: 360 });
    expect(tileOf(3, 4)).toEqual({ x: 640, y: 360, width: 640, height: 360 });
    expect(tileOf(4, 5)).toEqual({ x: 426, y: 240, width: 426, height: 240 });
    expect(tileOf(8, 9)).toEqual({ x: 852, y: 480, width: 426, height: 240 });
  });

  it('keeps the nine who published video longest, in the order they started', () => {
    const videos = Array.from({ length: 11 }, (_, index) => video(`p${index}`, index, 20 + (index % 3)));
    const kept = galleryOf(videos);
    expect(kept).toHaveLength(9);
    // p9 and p10 (11 s each) published shortest.
    expect(kept).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    expect(galleryOf([video('late', 5, 100), video('early', 0, 10)])).toEqual(['early', 'late']);
  });

  it('places each tile at its publisher’s start and lets it go black after their end', () => {
    const graph = compositionGraph([{ from: 0, to: 10, show: { kind: 'grid' } }], [video('1', 0, 4), video('2', 2.5, 10)], 10);
    expect(graph).toContain('color=c=black:s=1280x720:r=15:d=10.000');
    expect(graph).toContain('[1:v]setpts=PTS-STARTPTS+2.500/TB');
    expect(graph).toContain("overlay=x=640:y=0:eof_action=pass:enable='gte(t,0.000)*lt(t,10.000)'");
    expect(graph.endsWith('null[picture]')).toBe(true);
  });
});

describe('the active speaker', () => {
  it('switches to whoever speaks two seconds in a row, and keeps silence on the last speaker', () => {
    const speech = new Map([
      ['a', [-20, -20, -20, quiet, quiet, quiet, quiet, quiet]],
      ['b', [quiet, quiet, quiet, -25, -25, quiet, quiet, quiet]],
    ]);
    expect(speakerShots(speech, ['a', 'b'], 'a', 8)).toEqual([full(0, 3, 'a'), full(3, 8, 'b')]);
  });

  it('does not switch on a cough, nor before the speaker shown had two seconds', () => {
    const cough = new Map([
      ['a', [-20, -20, -30, -20, -20, -20]],
      ['b', [quiet, quiet, -10, quiet, quiet, quiet]],
    ]);
    expect(speakerShots(cough, ['a', 'b'], 'a', 6)).toEqual([full(0, 6, 'a')]);
    // The first voice takes the picture from the opening one at once; the next waits for its two seconds.
    const opening = new Map([
      ['a', [quiet, quiet, quiet, quiet, quiet, quiet]],
      ['b', [quiet, -20, -20, -30, quiet, quiet]],
      ['c', [quiet, quiet, quiet, -15, -15, -15]],
    ]);
    expect(speakerShots(opening, ['a', 'b', 'c'], 'a', 6)).toEqual([full(0, 1, 'a'), full(1, 3, 'b'), full(3, 6, 'c')]);
  });

  it('never shows a voice without a picture, nor room noise', () => {
    const speech = new Map([
      ['a', [-70, -70, -70, -70]],
      ['phone', [-10, -10, -10, -10]],
    ]);
    expect(speakerShots(speech, ['a', 'b'], 'b', 4)).toEqual([full(0, 4, 'b')]);
  });
});

describe('screen shares and the host', () => {
  it('gives a shared screen the whole picture while it is shared, the layout otherwise', () => {
    const shots = withScreens([{ from: 0, to: 10, show: { kind: 'grid' } }], [{ publisher: '2', from: 3, to: 5 }], 10);
    expect(shots).toEqual([{ from: 0, to: 3, show: { kind: 'grid' } }, full(3, 5, '2'), { from: 5, to: 10, show: { kind: 'grid' } }]);
    // Still shared at the end.
    expect(withScreens([{ from: 0, to: 10, show: { kind: 'black' } }], [{ publisher: '1', from: 8, to: Number.POSITIVE_INFINITY }], 10)).toEqual([
      { from: 0, to: 8, show: { kind: 'black' } },
      full(8, 10, '1'),
    ]);
  });

  it('shows the host’s publishers in host mode, or the first publisher when no event names the host', () => {
    const base = { videos: [video('1', 0, 10), video('2', 1, 10)], total: 10, speech: new Map(), screens: [] };
    expect(planShots({ ...base, rule: { base: 'host', screen: true }, host: new Set(['2']) })).toEqual([full(0, 10, '2')]);
    expect(planShots({ ...base, rule: { base: 'host', screen: true }, host: new Set() })).toEqual([full(0, 10, '1')]);
    // Audio and screenshare: black but while a screen is shared; a screen share of a mode without screen share is ignored.
    expect(planShots({ ...base, rule: { base: 'black', screen: true }, host: new Set(), screens: [{ publisher: '1', from: 2, to: 4 }] })).toEqual([
      { from: 0, to: 2, show: { kind: 'black' } },
      full(2, 4, '1'),
      { from: 4, to: 10, show: { kind: 'black' } },
    ]);
    expect(planShots({ ...base, rule: { base: 'gallery', screen: false }, host: new Set(), screens: [{ publisher: '1', from: 2, to: 4 }] })).toEqual([{ from: 0, to: 10, show: { kind: 'grid' } }]);
  });

  it('reads the host’s publishers and the screen shares from the media events', () => {
    const at = (ms: number) => new Date(1_000_000 + ms);
    const facts = roomFactsOf(
      [
        { type: 'stream.published', participantKey: 'host-user', occurredAt: at(0), data: { publisher: '11', streams: [{ kind: 'audio' }, { kind: 'video' }] } },
        { type: 'stream.published', participantKey: 'guest-1', occurredAt: at(100), data: { publisher: '22', streams: [{ kind: 'video' }] } },
        { type: 'stream.published', participantKey: 'guest-1', occurredAt: at(2000), data: { publisher: '22', streams: [{ kind: 'screen' }] } },
        { type: 'stream.unpublished', participantKey: 'guest-1', occurredAt: at(5000), data: { kinds: ['screen'] } },
        { type: 'stream.published', participantKey: 'host-user', occurredAt: at(6000), data: { publisher: '11', streams: [{ kind: 'screen' }] } },
        // Published before the adapter named publishers: no id, nothing to tie it to.
        { type: 'stream.published', participantKey: 'guest-2', occurredAt: at(6500), data: { streams: [{ kind: 'screen' }] } },
      ],
      'host-user',
    );
    expect([...facts.hostPublishers]).toEqual(['11']);
    expect(facts.screens).toEqual([
      { publisher: '22', fromMs: 1_002_000, toMs: 1_005_000 },
      { publisher: '11', fromMs: 1_006_000, toMs: Number.POSITIVE_INFINITY },
    ]);
  });
});
