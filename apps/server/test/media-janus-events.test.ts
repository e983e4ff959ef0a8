// The Janus translator on a post of the sample event handler (test/fixtures/janus-events.json: the
// recorded sample of /work/shared/media-platform with the portal's opaque ids, plus a subscriber's
// statistics, a lossy sample, a screen share, an unpublish, detaches and a hang-up).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handlesOf, isJanusEvent, janusEventKey, restoreHandleRoles, storedHandles, translateJanusEvents, type JanusEvent, type StoredHandle } from '../src/media/janus-events.ts';

/**
 * Translates posts one after another as the ingest does on any replica: between two posts the
 * memory exists only in its stored form (the rows of media_handles, src/media/handle-memory.ts).
 */
function throughStoredMemory() {
  const stored = new Map<number, StoredHandle>();
  return (raws: JanusEvent[], node: string) => {
    const memory = restoreHandleRoles([...stored.values()]);
    const translation = translateJanusEvents(raws, node, memory);
    for (const row of storedHandles(memory, handlesOf(raws))) stored.set(row.handle, { ...row, opaque: row.opaque ?? stored.get(row.handle)?.opaque ?? null });
    return translation;
  };
}

const meetingId = '5eed0000-0000-4000-8000-00000000feed';
const alice = 'guest-a11ce000-0000-4000-8000-000000000001';
const bob = 'guest-b0b00000-0000-4000-8000-000000000002';
const sample = JSON.parse(readFileSync(new URL('./fixtures/janus-events.json', import.meta.url), 'utf8')) as JanusEvent[];

describe('translating Janus events', () => {
  it('keeps what the portal records and skips the rest', () => {
    expect(sample.every(isJanusEvent)).toBe(true);
    const { events, ignored } = translateJanusEvents(sample, 'janus-1');
    expect(events.length + ignored).toBeGreaterThanOrEqual(sample.length);
    const summary = events.map((event) => [event.type, 'participant' in event ? event.participant : null]);
    expect(summary).toEqual([
      ['participant.joined', bob],
      ['participant.joined', alice],
      ['participant.client', alice],
      ['stream.published', alice],
      ['media.stats', bob],
      ['media.stats', bob],
      ['media.stats', alice],
      ['stream.published', alice],
      ['stream.unpublished', alice],
      ['stream.unpublished', bob],
      ['participant.left', bob],
      ['participant.left', alice],
    ]);
    for (const event of events) {
      expect(event.meetingId).toBe(meetingId);
      expect(event.node).toBe('janus-1');
    }
  });

  it('reads names, streams, codecs, statistics, addresses and reasons', () => {
    const { events } = translateJanusEvents(sample, 'janus-1');
    const of = <T extends string>(type: T) => events.filter((event) => event.type === type) as Extract<(typeof events)[number], { type: T }>[];
    expect(of('participant.joined')[0]).toMatchObject({ display: 'Bob', at: 1795524567905 });
    expect(of('participant.joined')[1]).toMatchObject({ display: 'Alice' });
    expect(of('participant.client')[0]).toMatchObject({ client: { ip: '127.0.0.1' } });
    expect(of('stream.published')[0]!.streams).toEqual([
      { kind: 'audio', codec: 'opus' },
      { kind: 'video', codec: 'vp8' },
    ]);
    // Each names the publisher's id on the media server, which names its recordings.
    expect(of('stream.published').map((event) => event.publisher)).toEqual(['1440677180152459', '1440677180152459']);
    // The page described its video stream as the screen: shared, and the camera is off meanwhile.
    expect(of('stream.published')[1]!.streams).toEqual([
      { kind: 'audio', codec: 'opus' },
      { kind: 'screen', codec: 'vp8' },
    ]);
    expect(of('stream.unpublished')[0]!.kinds).toEqual(['video']);
    const [audio, video, lossy] = of('media.stats');
    expect(audio).toMatchObject({ kind: 'audio', codec: 'opus', inKbps: 27, outKbps: 0, packetLoss: 0, jitterMs: 0, rttMs: 0 });
    expect(video).toMatchObject({ kind: 'video', codec: 'vp8', inKbps: 298 });
    // What Janus sent Alice's subscriber handle in the same post is what she receives.
    expect(lossy).toMatchObject({ participant: alice, packetLoss: 5, rttMs: 42, jitterMs: 7, inKbps: 500, outKbps: 320 });
    expect(of('participant.left').map((event) => event.reason)).toEqual(['detached', 'Close PC']);
  });

  it('gives the same event the same key, and each event its own', () => {
    const first = translateJanusEvents(sample, 'janus-1').events.map((event) => event.key);
    const again = translateJanusEvents(structuredClone(sample), 'janus-1').events.map((event) => event.key);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    expect(janusEventKey(sample[5])).toBe(janusEventKey(structuredClone(sample[5])));
  });

  it('orders a post by Janus time, and remembers handles between posts through their stored form', () => {
    const shuffled = [...sample].reverse();
    expect(translateJanusEvents(shuffled, 'janus-1').events.map((event) => event.key)).toEqual(translateJanusEvents(sample, 'janus-1').events.map((event) => event.key));
    const translate = throughStoredMemory();
    const half = sample.findIndex((event) => event.type === 2 && event.event?.name === 'detached');
    const before = translate(sample.slice(0, half), 'janus-1').events;
    const after = translate(sample.slice(half), 'janus-1').events;
    expect([...before, ...after].map((event) => event.type)).toEqual(translateJanusEvents(sample, 'janus-1').events.map((event) => event.type));
  });

  it('holds the detach of a handle it has not seen join until a later post says it was a publisher', () => {
    const translate = throughStoredMemory();
    const bobJoined = sample.findIndex((event) => event.type === 64 && (event.event?.data as { event?: string }).event === 'joined');
    const late = sample.slice(bobJoined + 1);
    const first = translate(late, 'janus-1').events;
    expect(first.filter((event) => event.type === 'participant.left' && event.participant === bob)).toEqual([]);
    const second = translate(sample.slice(0, bobJoined + 1), 'janus-1').events;
    const left = second.find((event) => event.type === 'participant.left');
    expect(left).toMatchObject({ participant: bob, reason: 'detached', at: 1795524578540 });
    const direct = translateJanusEvents(sample, 'janus-1').events.find((event) => event.type === 'participant.left' && event.participant === bob);
    expect(left!.key).toBe(direct!.key);
  });

  it('does not crash on odd but well-formed events', () => {
    const odd: JanusEvent[] = [
      { type: 64, timestamp: 1, opaque_id: `meeting:${meetingId}/participant:${bob}`, event: { data: 'nope' } },
      { type: 64, timestamp: 2, opaque_id: `meeting:${meetingId}/participant:${bob}`, event: { data: { event: 'published', streams: 'x' } } },
      { type: 32, subtype: 3, timestamp: 3, opaque_id: `meeting:${meetingId}/participant:${bob}` },
      { type: 16, subtype: 4, timestamp: 4, opaque_id: `meeting:${meetingId}/participant:${bob}`, event: { candidates: null } },
      { type: 2, timestamp: 5, opaque_id: 'meeting:not-a-uuid/participant:x', event: { name: 'detached' } },
      { type: 999, timestamp: 6 },
    ];
    expect(translateJanusEvents(odd, 'janus-1')).toEqual({ events: [], ignored: odd.length });
    expect(isJanusEvent({ type: 'x', timestamp: 1 })).toBe(false);
    expect(isJanusEvent({ type: 1 })).toBe(false);
    expect(isJanusEvent([])).toBe(false);
  });
});
