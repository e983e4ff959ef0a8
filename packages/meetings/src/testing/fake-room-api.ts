// The join and room operations of openapi/src/paths/meetings.yaml (getJoinInfo, joinMeeting,
// startMeeting, endMeeting, unmuteParticipant, and reportParticipantClient of media-events.yaml) for the meeting room page's stories and tests, through the real
// api-client (everything else goes to `other`), answering the server's problems (wrong_meeting_password,
// sign_in_required, meeting_locked, waiting_for_host until the host starts, media_unavailable).
import { configureApi, type Schema } from '@portal/api-client';
import { operationOf } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type JoinInfo = Schema<'JoinInfo'>;
type JoinGrant = Schema<'JoinGrant'>;

export const FAKE_ROOM_CODE = '4155550100';
export const FAKE_ROOM_PASSWORD = '246810';
export const FAKE_ROOM_MEETING_ID = '00000000-0000-4000-8000-000000000001';
/** The participant key of the fake grant's guest. */
export const FAKE_GUEST_KEY = 'guest-7d1f2c3a-5b6e-4c8d-9a0b-1c2d3e4f5a6b';

export function fakeJoinInfo(overrides: Partial<JoinInfo> = {}): JoinInfo {
  return { code: FAKE_ROOM_CODE, topic: 'Design review', hostName: 'Ada Lovelace', passwordRequired: true, signedInOnly: false, started: true, mediaAvailable: true, ...overrides };
}

/** A guest's join grant into the fake meeting: what joinMeeting answers and the meeting room is given. */
export function fakeJoinGrant(overrides: Partial<JoinGrant> = {}): JoinGrant {
  return {
    meetingId: FAKE_ROOM_MEETING_ID,
    code: FAKE_ROOM_CODE,
    topic: 'Design review',
    serverUrl: 'http://127.0.0.1:9/janus',
    roomId: 1234,
    token: 'fake-token',
    pin: FAKE_ROOM_PASSWORD,
    display: 'Ada Lovelace',
    opaqueId: `meeting:${FAKE_ROOM_MEETING_ID}/participant:${FAKE_GUEST_KEY}`,
    role: 'participant',
    iceServers: [],
    muteOnEntry: false,
    videoOffOnEntry: false,
    screenShare: true,
    ...overrides,
  };
}

export type FakeRoomOptions = {
  info?: JoinInfo;
  /** The meeting password (null: none). */
  password?: string | null;
  /** Joins refused with waiting_for_host before the meeting starts, this many times (Infinity: always). */
  waitingFor?: number;
  locked?: boolean;
  /** Joins refused with removed_from_meeting (an administrator removed and barred them). */
  removed?: boolean;
  /** Joins refused with participant_limit_reached (the plan's participants are in). */
  full?: boolean;
  /** Guests refused with sign_in_required. */
  signedInOnly?: boolean;
  mediaAvailable?: boolean;
  /** The requests the other fakes answer. */
  other?: (request: Request) => Promise<Response>;
};

export type FakeRoom = ((request: Request) => Promise<Response>) & { joins: unknown[]; ended: string[]; clients: unknown[]; unmutes: { participant: string; body: unknown }[] };

const reply = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string) => reply(status, { type: 'about:blank', title: code, status, code });

export function fakeRoomHandler(options: FakeRoomOptions = {}): FakeRoom {
  const info = options.info ?? fakeJoinInfo({ passwordRequired: options.password !== null, signedInOnly: options.signedInOnly ?? false, mediaAvailable: options.mediaAvailable ?? true });
  const password = options.password === undefined ? FAKE_ROOM_PASSWORD : options.password;
  let waiting = options.waitingFor ?? 0;
  const joins: unknown[] = [];
  const ended: string[] = [];
  const clients: unknown[] = [];
  const unmutes: FakeRoom['unmutes'] = [];
  const handle = async (request: Request): Promise<Response> => {
    const found = operationOf(request.method, new URL(request.url).pathname.replace(/^\/api\/v1/, ''));
    const code = found?.params.meetingCode;
    if (code !== undefined && code !== info.code) return problem(404, 'not_found');
    switch (found?.operationId) {
      case 'reportParticipantClient':
        clients.push(await request.json());
        return reply(204, null);
      case 'getJoinInfo':
        return reply(200, info);
      case 'joinMeeting': {
        const body = (await request.json()) as Schema<'JoinRequest'>;
        joins.push(body);
        if (options.signedInOnly) return problem(401, 'sign_in_required');
        if (password !== null && body.password !== password) return problem(403, 'wrong_meeting_password');
        if (options.locked) return problem(403, 'meeting_locked');
        if (options.removed) return problem(403, 'removed_from_meeting');
        if (options.full) return problem(409, 'participant_limit_reached');
        if (waiting > 0) {
          waiting -= 1;
          return problem(409, 'waiting_for_host');
        }
        if (options.mediaAvailable === false) return problem(503, 'media_unavailable');
        const grant = fakeJoinGrant({ code: info.code, topic: info.topic, pin: password, display: body.name ?? 'Ada Lovelace' });
        return reply(200, grant);
      }
      case 'unmuteParticipant':
        unmutes.push({ participant: found.params.participant ?? '', body: await request.json() });
        return reply(204, null);
      case 'endMeeting':
        ended.push(found.params.meetingId ?? '');
        return reply(204, null);
      case 'startMeeting':
        return reply(200, { meetingId: found.params.meetingId, code: info.code, joinUrl: `https://acme.portal.test/portal/join/${info.code}`, startedAt: new Date().toISOString() });
      default:
        return options.other ? options.other(request) : problem(404, 'not_found');
    }
  };
  return Object.assign(handle, { joins, ended, clients, unmutes });
}

/** A story loader installing the room fake; play functions read it as `loaded.room`. */
export function fakeRoomApiLoader(options: FakeRoomOptions = {}): () => { room: FakeRoom } {
  return () => {
    notify.clean();
    const room = fakeRoomHandler(options);
    configureApi({ baseUrl: `${window.location.origin}/api/v1`, fetch: (input: RequestInfo | URL, init?: RequestInit) => room(input instanceof Request ? input : new Request(input, init)) });
    return { room };
  };
}
