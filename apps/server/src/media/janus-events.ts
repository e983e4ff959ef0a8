// Janus's sample event handler (`janus.eventhandler.sampleevh`) in the portal's own words: the
// JSON it POSTs (an array of events, or one) becomes the portal's media events (src/live/events.ts)
// here, at the edge, so nothing past the ingest ever sees a Janus shape.
//
// The opaque id every handle of a participant carries (`meeting:<uuid>/participant:<key>`) ties an
// event to a meeting and a person; anything without one (the portal's own control handle, core
// and transport events) is skipped. A participant's publisher handle and their subscriber handles
// share that opaque id, so the translator remembers which handles joined as publishers (VideoRoom
// `joined`) and which subscribe (`subscribing`): only a publisher's detach or hang-up means the
// person left, and only its statistics describe what they send. A handle it never saw join (the
// server restarted meanwhile) is told apart by its statistics: a subscriber only receives.
//
// Statistics: a publisher handle's samples say what the participant sends (in); what they receive
// (out) is what Janus sends their subscriber handles, the sum of those handles' latest samples
// within a few seconds of it (remembered between posts, which are often a single event).
//
// Screen sharing: the meeting room page sends its screen on the publisher's video stream and says
// so in that stream's description (`screen`, back to `camera` when it stops); a video stream
// described as a screen is the screen kind. A published stream names its publisher's id on the
// media server (`publisher`), which recordings use to tell whose raw files are whose.
import { createHash } from 'node:crypto';
import { parseOpaqueId, type MediaEvent, type StreamKind } from '../live/index.ts';
import { present } from '../kernel/db/present.ts';
import type { PublisherOnAir } from './platform.ts';

/** Janus's event types (the `type` field), as sampleevh numbers them. */
export const janusEventType = { session: 1, handle: 2, external: 4, jsep: 8, webrtc: 16, media: 32, plugin: 64, transport: 128, core: 256 } as const;

export type JanusEvent = {
  emitter?: string;
  type: number;
  subtype?: number;
  /** Microseconds since the epoch, on the node. */
  timestamp: number;
  session_id?: number;
  handle_id?: number;
  opaque_id?: string;
  event?: Record<string, unknown>;
};

export type Translation = {
  events: MediaEvent[];
  /** Janus events that say nothing the portal keeps (no portal opaque id, transports, SDP, subscribers ...). */
  ignored: number;
};

type Role = 'publisher' | 'subscriber';

/** A media event before its key (distributed over the union, so each kind keeps its fields). */
type Unkeyed = MediaEvent extends infer E ? (E extends MediaEvent ? Omit<E, 'key'> : never) : never;

/**
 * What a node's earlier posts said about its handles: which joined as publishers and which
 * subscribe, and the detaches and hang-ups of handles not yet known (a post that overtook the one
 * with the join), kept until the join tells whether they mean someone left. Bounded, oldest
 * forgotten first.
 */
export type HandleRoles = { roles: Map<number, Role>; pending: Map<number, MediaEvent[]>; sentTo: SentTo };

export const newHandleRoles = (): HandleRoles => ({ roles: new Map(), pending: new Map(), sentTo: new Map() });

const maxRemembered = 100_000;

function bounded<V>(map: Map<number, V>, handle: number, value: V) {
  map.delete(handle);
  map.set(handle, value);
  if (map.size > maxRemembered) map.delete(present(map.keys().next().value, 'map.keys().next().value'));
}

/** Records a handle's role; answers the departures it had already announced, when it was a publisher. */
function remember(memory: HandleRoles, handle: number | undefined, role: Role): MediaEvent[] {
  if (handle === undefined) return [];
  bounded(memory.roles, handle, role);
  const pending = memory.pending.get(handle) ?? [];
  memory.pending.delete(handle);
  return role === 'publisher' ? pending : [];
}

/** The same raw event, delivered twice, gets the same key. */
export function janusEventKey(raw: unknown): string {
  return `janus:${createHash('sha256').update(JSON.stringify(raw)).digest('base64url').slice(0, 32)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Whether a value has the shape of a sampleevh event (the ingest refuses a post with any other). */
export function isJanusEvent(value: unknown): value is JanusEvent {
  return (
    isObject(value) &&
    Number.isInteger(value.type) &&
    typeof value.timestamp === 'number' &&
    Number.isFinite(value.timestamp) &&
    value.timestamp >= 0 &&
    (value.event === undefined || isObject(value.event)) &&
    (value.opaque_id === undefined || typeof value.opaque_id === 'string') &&
    (value.handle_id === undefined || typeof value.handle_id === 'number')
  );
}

function streamKind(stream: Record<string, unknown>): StreamKind | null {
  if (stream.type === 'audio') return 'audio';
  if (stream.type !== 'video') return null;
  return typeof stream.description === 'string' && /screen/i.test(stream.description) ? 'screen' : 'video';
}

type Base = { node: string; at: number; meetingId: string; participant: string };

/** Portal events of one Janus event (keyed by it), and departures it confirmed (keyed by their own). */
type Translated = { events: Unkeyed[]; confirmed: MediaEvent[] };

const none = (): Translated => ({ events: [], confirmed: [] });
const only = (...events: Unkeyed[]): Translated => ({ events, confirmed: [] });

function pluginEvents(base: Base, raw: JanusEvent, data: Record<string, unknown>, memory: HandleRoles): Translated {
  switch (data.event) {
    case 'joined':
      return { events: [{ ...base, type: 'participant.joined', display: typeof data.display === 'string' ? data.display : '' }], confirmed: remember(memory, raw.handle_id, 'publisher') };
    case 'subscribing':
    case 'subscribed':
      remember(memory, raw.handle_id, 'subscriber');
      return none();
    case 'published':
    case 'configured':
    case 'updated': {
      if (!Array.isArray(data.streams)) return none();
      const confirmed = remember(memory, raw.handle_id, 'publisher');
      const published: { kind: StreamKind; codec?: string }[] = [];
      const stopped = new Set<StreamKind>();
      for (const stream of data.streams.filter(isObject)) {
        const kind = streamKind(stream);
        if (!kind) continue;
        if (stream.disabled === true) stopped.add(kind);
        else published.push({ kind, ...(typeof stream.codec === 'string' ? { codec: stream.codec } : {}) });
      }
      // A video stream now described as the camera again: the screen share ended; and the other way round.
      if (published.some((stream) => stream.kind === 'video') && !published.some((stream) => stream.kind === 'screen')) stopped.add('screen');
      if (published.some((stream) => stream.kind === 'screen') && !published.some((stream) => stream.kind === 'video')) stopped.add('video');
      for (const stream of published) stopped.delete(stream.kind);
      const events: Unkeyed[] = [];
      if (published.length > 0) events.push({ ...base, type: 'stream.published', streams: published, ...(typeof data.id === 'number' ? { publisher: String(data.id) } : {}) });
      if (stopped.size > 0 && data.event !== 'published') events.push({ ...base, type: 'stream.unpublished', kinds: [...stopped] });
      return { events, confirmed };
    }
    case 'unpublished':
      return memory.roles.get(raw.handle_id ?? -1) === 'subscriber' ? none() : only({ ...base, type: 'stream.unpublished', kinds: ['audio', 'video', 'screen'] });
    default:
      return none();
  }
}

function statsEvent(base: Base, stats: Record<string, unknown>): Unkeyed | null {
  const kind = stats.media;
  if (kind !== 'audio' && kind !== 'video') return null;
  const received = num(stats['packets-received']);
  const lost = num(stats.lost);
  return {
    ...base,
    type: 'media.stats',
    kind,
    ...(typeof stats.codec === 'string' ? { codec: stats.codec } : {}),
    inKbps: Math.round((num(stats['bytes-received-lastsec']) * 8) / 1000),
    outKbps: Math.round((num(stats['bytes-sent-lastsec']) * 8) / 1000),
    packetLoss: received + lost > 0 ? round((lost / (received + lost)) * 100) : 0,
    // Janus reports jitter and round-trip time in milliseconds.
    jitterMs: Math.max(num(stats['jitter-local']), num(stats['jitter-remote'])),
    rttMs: num(stats.rtt),
  };
}

/** A handle's role: what it said when it joined, else what its statistics show (a subscriber only receives). */
function roleOf(memory: HandleRoles, raw: JanusEvent): Role | undefined {
  const known = memory.roles.get(raw.handle_id ?? -1);
  if (known || raw.type !== janusEventType.media) return known;
  const stats = raw.event ?? {};
  return num(stats['packets-received']) === 0 && num(stats['packets-sent']) > 0 ? 'subscriber' : 'publisher';
}

/**
 * A publisher's handle going away means its person left; a subscriber's means nothing; a handle
 * not known yet waits for its join to say which (a later post may bring it).
 */
function departure(memory: HandleRoles, raw: JanusEvent, left: Unkeyed): Translated {
  const handle = raw.handle_id;
  // The role stays known after the handle is gone: the same event delivered again (a broker's
  // redelivery) must translate the same way.
  const role = memory.roles.get(handle ?? -1);
  if (role === 'publisher') return only(left);
  const key = janusEventKey(raw);
  const waiting = memory.pending.get(handle ?? -1) ?? [];
  if (role === undefined && handle !== undefined && !waiting.some((event) => event.key === key)) bounded(memory.pending, handle, [...waiting, { ...left, key }]);
  return none();
}

/**
 * The latest rate (bytes a second) Janus sent each subscriber handle of a participant, by
 * participant and kind, then by handle, with when it was measured.
 */
type SentTo = Map<string, Map<number, { bytes: number; at: number }>>;
const sentKey = (meetingId: string, participant: string, kind: string) => `${meetingId}/${participant}/${kind}`;
/** A subscriber's sample counts for a publisher's sample this close in time (a few statistics periods). */
const sentWindowMs = 5_000;

function rememberSent(memory: HandleRoles, key: string, handle: number, sample: { bytes: number; at: number }) {
  const handles = memory.sentTo.get(key) ?? new Map<number, { bytes: number; at: number }>();
  const known = handles.get(handle);
  if (!known || known.at <= sample.at) handles.set(handle, sample);
  memory.sentTo.delete(key);
  memory.sentTo.set(key, handles);
  if (memory.sentTo.size > maxRemembered) memory.sentTo.delete(present(memory.sentTo.keys().next().value, 'memory.sentTo.keys().next().value'));
}

/** What Janus was sending the participant around `at`: the sum of their subscriber handles' latest rates. */
function sentAround(memory: HandleRoles, key: string, at: number): number {
  const handles = memory.sentTo.get(key);
  if (!handles) return 0;
  let bytes = 0;
  for (const [handle, sample] of handles) {
    if (Math.abs(sample.at - at) <= sentWindowMs) bytes += sample.bytes;
    else if (sample.at < at - 60_000) handles.delete(handle);
  }
  return bytes;
}

function translateOne(raw: JanusEvent, node: string, memory: HandleRoles): Translated {
  const body = raw.event ?? {};
  const opaque = parseOpaqueId(raw.opaque_id ?? (typeof body.opaque_id === 'string' ? body.opaque_id : undefined));
  if (!opaque) return none();
  const base: Base = { node, at: Math.floor(raw.timestamp / 1000), meetingId: opaque.meetingId, participant: opaque.participant };
  switch (raw.type) {
    case janusEventType.plugin:
      return isObject(body.data) ? pluginEvents(base, raw, body.data, memory) : none();
    case janusEventType.handle:
      return body.name === 'detached' ? departure(memory, raw, { ...base, type: 'participant.left', reason: 'detached' }) : none();
    case janusEventType.webrtc: {
      if (raw.subtype === 4) {
        const remote = isObject(body.candidates) && isObject(body.candidates.remote) ? body.candidates.remote.address : undefined;
        return typeof remote === 'string' && memory.roles.get(raw.handle_id ?? -1) !== 'subscriber' ? only({ ...base, type: 'participant.client', client: { ip: remote } }) : none();
      }
      if (raw.subtype === 6 && body.connection === 'hangup') {
        return departure(memory, raw, { ...base, type: 'participant.left', reason: typeof body.reason === 'string' ? body.reason : 'hangup' });
      }
      return none();
    }
    case janusEventType.media: {
      if (raw.subtype !== 3) return none();
      if (roleOf(memory, raw) === 'subscriber') {
        // What the participant receives comes through their subscriber handles: it is their outgoing rate.
        rememberSent(memory, sentKey(base.meetingId, base.participant, String(body.media)), raw.handle_id ?? -1, { bytes: num(body['bytes-sent-lastsec']), at: base.at });
        return none();
      }
      const event = statsEvent(base, body);
      return event ? only(event) : none();
    }
    default:
      // Sessions, SDP, transports, core and external events say nothing the portal keeps.
      return none();
  }
}

/**
 * Translates one post of the sample event handler. `node` is the node that posted it (its
 * authenticated name); `memory` carries what the node's earlier posts said about its handles.
 * Events are translated in the order Janus timestamped them, so a handle's join is seen before
 * its statistics even when a post interleaves them.
 */
export function translateJanusEvents(raws: JanusEvent[], node: string, memory: HandleRoles = newHandleRoles()): Translation {
  const result: Translation = { events: [], ignored: 0 };
  const ordered = raws.map((raw, index) => ({ raw, index })).sort((a, b) => a.raw.timestamp - b.raw.timestamp || a.index - b.index);
  for (const { raw } of ordered) {
    const { events, confirmed } = translateOne(raw, node, memory);
    if (events.length === 0) result.ignored += 1;
    const key = events.length > 0 ? janusEventKey(raw) : '';
    events.forEach((event, index) => result.events.push({ ...event, key: index === 0 ? key : `${key}:${index}` }));
    result.events.push(...confirmed);
  }
  // A publisher's sample says what the participant sends; their subscribers' latest samples (this post's or earlier ones), what they receive.
  for (const event of result.events) {
    if (event.type !== 'media.stats' || event.outKbps > 0) continue;
    const sent = sentAround(memory, sentKey(event.meetingId, event.participant, event.kind), event.at);
    if (sent > 0) event.outKbps = Math.round((sent * 8) / 1000);
  }
  return result;
}

/** What is kept of one handle between posts (a row of `media_handles`, src/media/handle-memory.ts). */
export type StoredHandle = {
  handle: number;
  opaque: string | null;
  role: Role | null;
  pending: MediaEvent[];
  /** The latest rate Janus sent this (subscriber) handle, by stream kind. */
  sent: Record<string, { bytes: number; at: number }>;
};

const sentKinds = ['audio', 'video'] as const;

/** The memory a translation starts from, rebuilt from stored handles. */
export function restoreHandleRoles(stored: readonly StoredHandle[]): HandleRoles {
  const memory = newHandleRoles();
  for (const row of stored) {
    if (row.role) memory.roles.set(row.handle, row.role);
    if (row.pending.length > 0) memory.pending.set(row.handle, row.pending);
    const named = parseOpaqueId(row.opaque);
    if (!named) continue;
    for (const kind of sentKinds) {
      const sample = row.sent[kind];
      if (!sample) continue;
      const key = sentKey(named.meetingId, named.participant, kind);
      memory.sentTo.set(key, (memory.sentTo.get(key) ?? new Map()).set(row.handle, sample));
    }
  }
  return memory;
}

/** What to store of each handle a post named, after its translation (`opaque` by handle, as the post gave it). */
export function storedHandles(memory: HandleRoles, opaqueOf: ReadonlyMap<number, string | null>): StoredHandle[] {
  return [...opaqueOf].map(([handle, opaque]) => {
    const named = parseOpaqueId(opaque);
    const sent: StoredHandle['sent'] = {};
    for (const kind of sentKinds) {
      const sample = named ? memory.sentTo.get(sentKey(named.meetingId, named.participant, kind))?.get(handle) : undefined;
      if (sample) sent[kind] = sample;
    }
    return { handle, opaque, role: memory.roles.get(handle) ?? null, pending: memory.pending.get(handle) ?? [], sent };
  });
}

/** The handle each event of a post is about, with the portal opaque id it carries (null when none). */
export function handlesOf(raws: readonly JanusEvent[]): Map<number, string | null> {
  const handles = new Map<number, string | null>();
  for (const raw of raws) {
    if (raw.handle_id === undefined) continue;
    const opaque = raw.opaque_id ?? (typeof raw.event?.opaque_id === 'string' ? raw.event.opaque_id : null);
    if (opaque !== null || !handles.has(raw.handle_id)) handles.set(raw.handle_id, opaque);
  }
  return handles;
}

/** The node says it has just started (the core event at its start): whatever it ran before is gone. Epoch milliseconds, or null. */
export function nodeStartedAt(raw: JanusEvent): number | null {
  return raw.type === janusEventType.core && raw.event?.status === 'started' ? Math.floor(raw.timestamp / 1000) : null;
}

/** A VideoRoom `published` event in the portal's model (platform.ts `PublisherOnAir`); null for any other event. */

export function publisherOnAir(raw: JanusEvent, node: string): PublisherOnAir | null {
  if (raw.type !== janusEventType.plugin || !raw.opaque_id) return null;
  const data = raw.event?.data;
  if (!isObject(data) || data.event !== 'published' || typeof data.room !== 'number' || typeof data.id !== 'number' || !Array.isArray(data.streams)) return null;
  const named = parseOpaqueId(raw.opaque_id);
  if (!named) return null;
  const streams = (data.streams as unknown[]).flatMap((stream): PublisherOnAir['streams'] =>
    isObject(stream) && (stream.type === 'audio' || stream.type === 'video') && typeof stream.mid === 'string' ? [{ kind: stream.type, mid: stream.mid }] : [],
  );
  return { node, meetingId: named.meetingId, participant: named.participant, roomId: data.room, publisherId: data.id, streams };
}
