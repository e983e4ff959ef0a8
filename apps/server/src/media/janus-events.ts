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
// Screen sharing: the meeting room page sends its screen on the publisher's video stream and says
// so in that stream's description (`screen`, back to `camera` when it stops); a video stream
// described as a screen is the screen kind.
import { createHash } from 'node:crypto';
import { parseOpaqueId, type MediaEvent, type StreamKind } from '../live/events.ts';

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

/** Which handles joined as publishers and which subscribe; bounded, oldest forgotten first. */
export type HandleRoles = Map<number, Role>;

const maxRemembered = 100_000;

function remember(roles: HandleRoles, handle: number | undefined, role: Role) {
  if (handle === undefined) return;
  roles.delete(handle);
  roles.set(handle, role);
  if (roles.size > maxRemembered) roles.delete(roles.keys().next().value!);
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

function pluginEvents(base: Base, raw: JanusEvent, data: Record<string, unknown>, roles: HandleRoles): Unkeyed[] {
  switch (data.event) {
    case 'joined':
      remember(roles, raw.handle_id, 'publisher');
      return [{ ...base, type: 'participant.joined', display: typeof data.display === 'string' ? data.display : '' }];
    case 'subscribing':
    case 'subscribed':
      remember(roles, raw.handle_id, 'subscriber');
      return [];
    case 'published':
    case 'configured':
    case 'updated': {
      if (!Array.isArray(data.streams)) return [];
      remember(roles, raw.handle_id, 'publisher');
      const published: { kind: StreamKind; codec?: string }[] = [];
      const stopped = new Set<StreamKind>();
      for (const stream of data.streams.filter(isObject)) {
        const kind = streamKind(stream);
        if (!kind) continue;
        if (stream.disabled === true) stopped.add(kind);
        else published.push({ kind, ...(typeof stream.codec === 'string' ? { codec: stream.codec } : {}) });
      }
      // A video stream now described as the camera again: the screen share ended.
      if (published.some((stream) => stream.kind === 'video') && !published.some((stream) => stream.kind === 'screen')) stopped.add('screen');
      if (published.some((stream) => stream.kind === 'screen') && !published.some((stream) => stream.kind === 'video')) stopped.add('video');
      for (const stream of published) stopped.delete(stream.kind);
      const events: Unkeyed[] = [];
      if (published.length > 0) events.push({ ...base, type: 'stream.published', streams: published });
      if (stopped.size > 0 && data.event !== 'published') events.push({ ...base, type: 'stream.unpublished', kinds: [...stopped] });
      return events;
    }
    case 'unpublished':
      return roles.get(raw.handle_id ?? -1) === 'subscriber' ? [] : [{ ...base, type: 'stream.unpublished', kinds: ['audio', 'video', 'screen'] }];
    default:
      return [];
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
function roleOf(roles: HandleRoles, raw: JanusEvent): Role | undefined {
  const known = roles.get(raw.handle_id ?? -1);
  if (known || raw.type !== janusEventType.media) return known;
  const stats = raw.event ?? {};
  return num(stats['packets-received']) === 0 && num(stats['packets-sent']) > 0 ? 'subscriber' : 'publisher';
}

function translateOne(raw: JanusEvent, node: string, roles: HandleRoles): Unkeyed[] {
  const body = raw.event ?? {};
  const opaque = parseOpaqueId(raw.opaque_id ?? (typeof body.opaque_id === 'string' ? body.opaque_id : undefined));
  if (!opaque) return [];
  const base: Base = { node, at: Math.floor(raw.timestamp / 1000), meetingId: opaque.meetingId, participant: opaque.participant };
  switch (raw.type) {
    case janusEventType.plugin:
      return isObject(body.data) ? pluginEvents(base, raw, body.data, roles) : [];
    case janusEventType.handle: {
      if (body.name !== 'detached') return [];
      const wasPublisher = roles.get(raw.handle_id ?? -1) === 'publisher';
      if (raw.handle_id !== undefined) roles.delete(raw.handle_id);
      return wasPublisher ? [{ ...base, type: 'participant.left', reason: 'detached' }] : [];
    }
    case janusEventType.webrtc: {
      if (raw.subtype === 4) {
        const remote = isObject(body.candidates) && isObject(body.candidates.remote) ? body.candidates.remote.address : undefined;
        return typeof remote === 'string' && roles.get(raw.handle_id ?? -1) !== 'subscriber' ? [{ ...base, type: 'participant.client', client: { ip: remote } }] : [];
      }
      if (raw.subtype === 6 && body.connection === 'hangup' && roles.get(raw.handle_id ?? -1) === 'publisher') {
        return [{ ...base, type: 'participant.left', reason: typeof body.reason === 'string' ? body.reason : 'hangup' }];
      }
      return [];
    }
    case janusEventType.media: {
      if (raw.subtype !== 3 || roleOf(roles, raw) === 'subscriber') return [];
      const event = statsEvent(base, body);
      return event ? [event] : [];
    }
    default:
      // Sessions, SDP, transports, core and external events say nothing the portal keeps.
      return [];
  }
}

/**
 * Translates one post of the sample event handler. `node` is the node that posted it (its
 * authenticated name); `roles` carries what the node's earlier posts said about its handles.
 * Events are translated in the order Janus timestamped them, so a handle's join is seen before
 * its statistics even when a post interleaves them.
 */
export function translateJanusEvents(raws: JanusEvent[], node: string, roles: HandleRoles = new Map()): Translation {
  const result: Translation = { events: [], ignored: 0 };
  const ordered = raws.map((raw, index) => ({ raw, index })).sort((a, b) => a.raw.timestamp - b.raw.timestamp || a.index - b.index);
  for (const { raw } of ordered) {
    const translated = translateOne(raw, node, roles);
    if (translated.length === 0) {
      result.ignored += 1;
      continue;
    }
    const key = janusEventKey(raw);
    translated.forEach((event, index) => result.events.push({ ...event, key: index === 0 ? key : `${key}:${index}` } as MediaEvent));
  }
  return result;
}

/** One translator per node keeps its handles' roles between posts. */
export function createJanusTranslator() {
  const rolesByNode = new Map<string, HandleRoles>();
  return (raws: JanusEvent[], node: string): Translation => {
    let roles = rolesByNode.get(node);
    if (!roles) rolesByNode.set(node, (roles = new Map()));
    return translateJanusEvents(raws, node, roles);
  };
}
