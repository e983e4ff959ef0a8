// An in-memory stand-in for the live-operations part of openapi/portal.yaml (openapi/src/paths/
// live.yaml) answering through the real api-client, and a stand-in EventSource for its event
// stream, so stories and tests run the screens' own request and live-update code. The fake's
// rows can change under a running story (`setLive`, `setParticipants`) and `events.change()`
// pushes the change the way the server does.
import { configureApi, type Schema } from '@portal/api-client';
import type { CurrentUser } from '@portal/auth';
import { operationAmong } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type LiveMeeting = Schema<'LiveMeeting'>;
type LiveParticipant = Schema<'LiveParticipant'>;
type CompletedMeeting = Schema<'CompletedMeeting'>;
type CompletedParticipant = Schema<'CompletedParticipant'>;

/** The operations this fake answers, by the contract's operationId. */
const LIVE_OPERATIONS = ['currentMeetings', 'currentMeetingParticipants', 'endLiveMeeting', 'lockLiveMeeting', 'muteLiveParticipant', 'removeLiveParticipant', 'completedMeetings', 'completedMeetingParticipants', 'exportCompletedMeetings'] as const;
export type FakeLiveOperation = (typeof LIVE_OPERATIONS)[number];
export type FakeLiveRequest = { operation: FakeLiveOperation | 'other'; path: string; query: URLSearchParams; body: unknown };

export type FakeLiveApiOptions = {
  live?: LiveMeeting[];
  /** The people in each running meeting now, by session id. */
  participants?: Record<string, LiveParticipant[]>;
  completed?: CompletedMeeting[];
  completedParticipants?: Record<string, CompletedParticipant[]>;
  failing?: FakeLiveOperation[];
  /** The signed-in user (`GET /session`): with `room.current.end` and `room.current.lock` the rows offer End and Lock, with `room.current.remove` the participants Remove; none by default. */
  user?: CurrentUser;
  /** Answers every other call. */
  other?: (request: Request) => Promise<Response>;
};

export type FakeLiveApi = {
  requests: FakeLiveRequest[];
  requestsOf: (operation: FakeLiveOperation) => FakeLiveRequest[];
  setLive: (meetings: LiveMeeting[]) => void;
  setParticipants: (sessionId: string, people: LiveParticipant[]) => void;
};

const uuid = (n: number, block: string) => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;
export const fakeSessionId = (n: number) => uuid(n, 'e');

export function fakeLiveMeeting(n: number, overrides: Partial<LiveMeeting> = {}): LiveMeeting {
  return {
    id: fakeSessionId(n),
    meetingId: `7${String(n).padStart(10, '0')}`,
    topic: `Meeting ${n}`,
    tenantId: uuid(1, 'a'),
    tenantName: 'Acme Corporation',
    participants: 2,
    startTime: new Date(Date.UTC(2030, 5, 30, 9, n)).toISOString(),
    node: 'janus-1',
    video: true,
    screenShare: false,
    phoneBridge: false,
    recording: false,
    flagged: false,
    locked: false,
    ...overrides,
  };
}

export function fakeLiveParticipant(n: number, overrides: Partial<LiveParticipant> = {}): LiveParticipant {
  return {
    id: uuid(n, 'f'),
    displayName: `Person ${n}`,
    email: `person${n}@acme.test`,
    joinedAt: new Date(Date.UTC(2030, 5, 30, 9, n)).toISOString(),
    client: { os: 'Linux', osVersion: '6.1', browser: 'Chrome', browserVersion: '131', platform: 'web', network: 'wifi', ip: `192.0.2.${n}`, camera: 'HD Webcam', mic: 'USB Mic', speaker: 'Speakers' },
    cameraOn: true,
    micOn: true,
    screenSharing: false,
    audioCodec: 'opus',
    videoCodec: 'vp8',
    stats: { at: new Date(Date.UTC(2030, 5, 30, 9, 30)).toISOString(), bitrateInKbps: 540, bitrateOutKbps: 510, packetLoss: 0.5, jitterMs: 4, rttMs: 25 },
    flagged: false,
    flagReason: null,
    ...overrides,
  };
}

export function fakeCompletedMeeting(n: number, overrides: Partial<CompletedMeeting> = {}): CompletedMeeting {
  const start = Date.UTC(2030, 5, 20, 9, n);
  return {
    id: fakeSessionId(100 + n),
    meetingId: `6${String(n).padStart(10, '0')}`,
    topic: `Completed ${n}`,
    tenantId: uuid(1, 'a'),
    tenantName: 'Acme Corporation',
    participants: 3,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 45 * 60_000).toISOString(),
    durationSeconds: 45 * 60,
    node: 'janus-1',
    video: true,
    screenShare: true,
    phoneBridge: false,
    recording: false,
    hostEmail: 'ada@acme.test',
    hostName: 'Ada Lovelace',
    flagged: false,
    rating: null,
    ratings: 0,
    ...overrides,
  };
}

export function fakeCompletedParticipant(n: number, overrides: Partial<CompletedParticipant> = {}): CompletedParticipant {
  const joined = Date.UTC(2030, 5, 20, 9, n);
  return {
    id: uuid(n, 'c'),
    displayName: `Person ${n}`,
    email: `person${n}@acme.test`,
    joinedAt: new Date(joined).toISOString(),
    leftAt: new Date(joined + 40 * 60_000).toISOString(),
    durationSeconds: 40 * 60,
    client: { os: 'Windows', osVersion: '11', browser: 'Firefox', browserVersion: '133', platform: 'web', network: 'ethernet' },
    audioCodec: 'opus',
    videoCodec: 'vp8',
    samples: 120,
    avgPacketLoss: 0.8,
    avgJitterMs: 5,
    avgRttMs: 30,
    flagged: false,
    flagReason: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string, errors?: { field: string; code: string }[]) => json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}) });

function page<T>(items: T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 25);
  const offset = Number(query.get('cursor') ?? 0);
  return { items: items.slice(offset, offset + limit), nextCursor: offset + limit < items.length ? String(offset + limit) : null };
}

function operationOf(method: string, path: string): FakeLiveOperation | 'other' {
  return operationAmong(LIVE_OPERATIONS, method, path) ?? 'other';
}

export function installFakeLiveApi(options: FakeLiveApiOptions = {}): FakeLiveApi {
  let live = [...(options.live ?? [])];
  const participants = new Map(Object.entries(options.participants ?? {}));
  const completed = [...(options.completed ?? [])];
  const requests: FakeLiveRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const operation = operationOf(request.method, path);
    const text = request.method === 'GET' ? '' : await request.text();
    requests.push({ operation, path, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const q = url.searchParams.get('q')?.toLowerCase();
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    if (from && to && to < from) return problem(400, 'validation_failed', [{ field: 'to', code: 'end_before_start' }]);
    const inRange = (start: string) => (!from || start.slice(0, 10) >= from) && (!to || start.slice(0, 10) <= to);
    const sessionId = decodeURIComponent(path.split('/')[2] ?? '');
    switch (operation) {
      case 'currentMeetings':
        return json(200, page(live.filter((m) => inRange(m.startTime) && (!q || m.meetingId.includes(q) || m.topic.toLowerCase().includes(q) || m.tenantName.toLowerCase().includes(q))), url.searchParams));
      case 'currentMeetingParticipants': {
        const people = participants.get(sessionId);
        return people ? json(200, { items: people }) : problem(404, 'not_found');
      }
      case 'completedMeetings': {
        // The host's first and last names are both in hostName here; the company is the tenant's name.
        const contains = (value: string | null | undefined, param: string) => !url.searchParams.get(param) || (value ?? '').toLowerCase().includes(url.searchParams.get(param)!.toLowerCase());
        const byHost = (m: CompletedMeeting) => contains(m.tenantName, 'company') && contains(m.hostName, 'firstName') && contains(m.hostName, 'lastName');
        return json(200, page(completed.filter((m) => inRange(m.startTime) && byHost(m) && (!q || m.meetingId.includes(q) || m.topic.toLowerCase().includes(q) || (m.hostEmail ?? '').includes(q))), url.searchParams));
      }
      case 'completedMeetingParticipants': {
        const people = options.completedParticipants?.[sessionId];
        return people ? json(200, { items: people }) : problem(404, 'not_found');
      }
      case 'endLiveMeeting':
        live = live.filter((m) => m.id !== sessionId);
        participants.set(sessionId, []);
        return new Response(null, { status: 204 });
      case 'lockLiveMeeting': {
        const { locked } = requests.at(-1)!.body as { locked: boolean };
        live = live.map((m) => (m.id === sessionId ? { ...m, locked } : m));
        return new Response(null, { status: 204 });
      }
      case 'muteLiveParticipant': {
        const participantId = decodeURIComponent(path.split('/')[4] ?? '');
        const { kinds } = requests.at(-1)!.body as { kinds: string[] };
        const people = participants.get(sessionId) ?? [];
        if (!people.some((person) => person.id === participantId)) return problem(404, 'not_found');
        const off = (person: LiveParticipant) => ({ ...person, micOn: person.micOn && !kinds.includes('audio'), cameraOn: person.cameraOn && !kinds.includes('video') });
        participants.set(sessionId, people.map((person) => (person.id === participantId ? off(person) : person)));
        return new Response(null, { status: 204 });
      }
      case 'removeLiveParticipant': {
        const participantId = decodeURIComponent(path.split('/')[4] ?? '');
        const people = participants.get(sessionId) ?? [];
        if (!people.some((person) => person.id === participantId)) return problem(404, 'not_found');
        participants.set(sessionId, people.filter((person) => person.id !== participantId));
        return new Response(null, { status: 204 });
      }
      case 'exportCompletedMeetings':
        return new Response(`Meeting ID,Topic\r\n${completed.map((m) => `${m.meetingId},${m.topic}\r\n`).join('')}`, { status: 200, headers: { 'content-type': 'text/csv' } });
      default:
        if (path === '/session' && options.user) return json(200, { user: options.user });
        return options.other ? options.other(request) : problem(404, 'not_found');
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return {
    requests,
    requestsOf: (operation) => requests.filter((r) => r.operation === operation),
    setLive: (meetings) => {
      live = [...meetings];
    },
    setParticipants: (sessionId, people) => {
      participants.set(sessionId, people);
    },
  };
}

/** The fake event stream the screen opened: push a change, or break the connection. */
export type FakeLiveEvents = {
  /** Streams opened so far (the screen opens one). */
  opened: () => number;
  /** Whether the latest stream is open. */
  isOpen: () => boolean;
  /** Sends `event: change` with these session ids. */
  change: (sessionIds: string[]) => void;
  /** The connection failed (the screen falls back to polling). */
  fail: () => void;
};

/**
 * Replaces the browser's EventSource with one the story drives; `available: false` removes it
 * (a browser without EventSource), so the screen polls.
 */
export function installFakeEventSource({ available = true }: { available?: boolean } = {}): FakeLiveEvents {
  const sources: FakeEventSource[] = [];
  class FakeEventSource extends EventTarget {
    readyState = 0;
    readonly url: string;
    constructor(url: string | URL) {
      super();
      this.url = String(url);
      sources.push(this);
      setTimeout(() => {
        if (this.readyState === 2) return;
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
      }, 0);
    }
    close() {
      this.readyState = 2;
    }
  }
  Object.defineProperty(globalThis, 'EventSource', { configurable: true, writable: true, value: available ? FakeEventSource : undefined });
  const latest = () => sources.at(-1);
  return {
    opened: () => sources.length,
    isOpen: () => latest()?.readyState === 1,
    change: (sessionIds) => {
      const source = latest();
      if (source?.readyState === 1) source.dispatchEvent(new MessageEvent('change', { data: JSON.stringify({ sessionIds }) }));
    },
    fail: () => {
      const source = latest();
      if (!source) return;
      source.readyState = 0;
      source.dispatchEvent(new Event('error'));
    },
  };
}

/** A story loader installing the fake API and event stream; play functions read them as `loaded.api` and `loaded.events`. */
export function fakeLiveApiLoader(options: FakeLiveApiOptions = {}, stream: { available?: boolean } = {}): () => { api: FakeLiveApi; events: FakeLiveEvents } {
  return () => {
    notify.clean();
    return { api: installFakeLiveApi(options), events: installFakeEventSource(stream) };
  };
}

export const loadedLiveApi = (loaded: Record<string, unknown>) => ({ api: loaded.api as FakeLiveApi, events: loaded.events as FakeLiveEvents });
