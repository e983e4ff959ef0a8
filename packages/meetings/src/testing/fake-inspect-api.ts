// Meeting state, meeting log and feedback (openapi/src/paths/state-feedback.yaml) for stories and
// tests, through the real api-client: meetingState and getMeetingLog for FAKE_STATE_CODE (any other
// id is 404 'Meeting Id not found'), getFeedback with a date range and name search, and
// submitMeetingFeedback (409 feedback_exists when told). Everything else goes to `other`.
import { configureApi, type Schema } from '@portal/api-client';
import { createFakeFetch, json, problem, type FakeFetch, type FakeReply, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type StreamRow = Schema<'StreamRow'>;
type MeetingState = Schema<'MeetingState'>;
type MeetingLog = Schema<'MeetingLog'>;
type MeetingLogEvent = Schema<'MeetingLogEvent'>;
type Feedback = Schema<'Feedback'>;
type FeedbackPage = Schema<'FeedbackPage'>;

export const FAKE_STATE_CODE = '41555501234';
const sessionUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The fake meeting's earlier run (the latest is `sessionUuid(1)`). */
export const FAKE_EARLIER_RUN = sessionUuid(2);

export function fakeStreamRow(overrides: Partial<StreamRow> = {}): StreamRow {
  return {
    sessionId: 8839307445951954,
    handleId: 7164852659482170,
    participantId: 5092096578831070,
    feedId: null,
    audio: { direction: 'in', kbps: 34 },
    video: { direction: 'in', kbps: 528 },
    ice: 'ready',
    dtls: 'connected',
    ready: true,
    streamType: 'publisher',
    mediaServer: 'janus-1',
    audioCodec: 'opus',
    displayName: 'Ada Lovelace',
    feedDisplayName: null,
    orphanReason: null,
    ...overrides,
  };
}

/** A running meeting: two publishers, one subscriber watching the first, one orphan. */
export function fakeMeetingState(overrides: Partial<MeetingState> = {}): MeetingState {
  const ada = fakeStreamRow();
  const bob = fakeStreamRow({ sessionId: 4739647051783805, handleId: 3880273046518601, participantId: 1440677180152459, displayName: 'Bob Guest' });
  return {
    code: FAKE_STATE_CODE,
    topic: 'Design review',
    running: true,
    simulated: false,
    mediaServer: 'janus-1',
    startedAt: '2030-06-30T09:00:00Z',
    publisherChoices: [
      { participantId: ada.participantId!, displayName: 'Ada Lovelace' },
      { participantId: bob.participantId!, displayName: 'Bob Guest' },
    ],
    publishers: [ada, bob],
    subscribers: [
      fakeStreamRow({
        sessionId: 6021739537237712,
        handleId: 4658822438414611,
        participantId: null,
        feedId: ada.participantId,
        audio: { direction: 'out', kbps: 33 },
        video: { direction: 'out', kbps: 503 },
        streamType: 'subscriber',
        displayName: 'Bob Guest',
        feedDisplayName: 'Ada Lovelace',
      }),
    ],
    orphans: [
      fakeStreamRow({ sessionId: 1536104183767307, handleId: 3460599113012472, participantId: null, audio: null, video: null, ice: null, dtls: null, ready: false, streamType: null, audioCodec: null, displayName: 'Cy Late', orphanReason: 'no_room' }),
    ],
    ...overrides,
  };
}

const at = (seconds: number) => new Date(Date.parse('2030-06-30T09:00:00Z') + seconds * 1000).toISOString();

export function fakeLogEvents(): MeetingLogEvent[] {
  const ada = { participantKey: 'u-ada', participantName: 'Ada Lovelace' };
  return [
    { id: 1, occurredAt: at(0), type: 'room.opened', participantKey: null, participantName: null },
    { id: 2, occurredAt: at(1), type: 'participant.joined', ...ada },
    { id: 3, occurredAt: at(2), type: 'participant.client', ...ada, client: { os: 'Linux', browser: 'Chrome', browserVersion: '131', network: 'wifi' } },
    { id: 4, occurredAt: at(3), type: 'stream.published', ...ada, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] },
    { id: 5, occurredAt: at(6), type: 'media.stats', ...ada, stats: { kind: 'video', codec: 'vp8', inKbps: 520, outKbps: 500, packetLoss: 0.5, jitterMs: 4, rttMs: 20 } },
    { id: 6, occurredAt: at(20), type: 'participant.left', ...ada, reason: 'hangup' },
    { id: 7, occurredAt: at(60), type: 'room.closed', participantKey: null, participantName: null },
  ];
}

export function fakeFeedback(n: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: sessionUuid(100 + n),
    tenantId: sessionUuid(9),
    tenantName: 'Acme Corporation',
    meetingCode: FAKE_STATE_CODE,
    topic: 'Design review',
    sessionId: sessionUuid(1),
    startedAt: '2030-06-20T09:00:00Z',
    participantName: `Participant ${n}`,
    rating: 4,
    suggestion: null,
    videoIssues: [],
    audioIssues: [],
    createdAt: '2030-06-20T10:00:00Z',
    video: true,
    screenShare: false,
    audioBridge: false,
    recording: true,
    sessionFlagged: false,
    participant: { version: '131', speaker: 'Speakers', mic: 'Built-in mic', ip: '203.0.113.7', network: 'wifi', camera: 'FaceTime HD', os: 'macOS', platform: 'web', joinedAt: '2030-06-20T09:01:00Z', flagged: false, flagReason: null },
    ...overrides,
  };
}

export type FakeInspectApiOptions = {
  /** The meeting state of FAKE_STATE_CODE, or its problem. */
  state?: MeetingState | 'media_unavailable';
  /** The events of FAKE_STATE_CODE's latest run (paged by `limit`); null: the meeting never ran. */
  events?: MeetingLogEvent[] | null;
  feedback?: Feedback[];
  /** Operations that answer 500. */
  failing?: ('getFeedback' | 'meetingState' | 'getMeetingLog' | 'submitMeetingFeedback')[];
  /** submitMeetingFeedback answers 409 feedback_exists. */
  alreadyRated?: boolean;
  other?: FakeRoutes;
};

function feedbackPage(items: Feedback[], request: Request): FeedbackPage {
  const query = new URL(request.url).searchParams;
  const q = query.get('q')?.toLowerCase();
  const from = query.get('from');
  const to = query.get('to');
  const shown = items.filter(
    (item) => (!q || item.participantName.toLowerCase().includes(q)) && (!from || item.createdAt.slice(0, 10) >= from) && (!to || item.createdAt.slice(0, 10) <= to),
  );
  const byMeeting = new Map<string, Feedback[]>();
  for (const item of shown) byMeeting.set(item.meetingCode, [...(byMeeting.get(item.meetingCode) ?? []), item]);
  const average = (list: Feedback[]) => (list.length ? Math.round((list.reduce((sum, item) => sum + item.rating, 0) / list.length) * 100) / 100 : null);
  const flagged = shown.filter((item) => item.sessionFlagged);
  return {
    items: shown,
    nextCursor: null,
    meetings: [...byMeeting.values()].map((list) => ({
      meetingCode: list[0]!.meetingCode,
      topic: list[0]!.topic,
      tenantName: list[0]!.tenantName,
      ratings: list.length,
      averageRating: average(list) ?? 0,
      flagged: list.some((item) => item.sessionFlagged),
    })),
    summary: {
      ratings: shown.length,
      averageRating: average(shown),
      flaggedRatings: flagged.length,
      flaggedAverageRating: average(flagged),
      unflaggedAverageRating: average(shown.filter((item) => !item.sessionFlagged)),
    },
  };
}

/** The fake meeting's runs, newest first. */
const fakeRuns: MeetingLog['sessions'] = [
  { id: sessionUuid(1), startedAt: '2030-06-30T09:00:00Z', endedAt: '2030-06-30T09:01:00Z', node: 'janus-1' },
  { id: FAKE_EARLIER_RUN, startedAt: '2030-06-23T09:00:00Z', endedAt: '2030-06-23T09:30:00Z', node: 'janus-1' },
];

/** Whether the asked run (`session`, default the latest) is one of the fake meeting's runs. */
function isRunOf(request: Request): boolean {
  const session = new URL(request.url).searchParams.get('session');
  return session === null || fakeRuns.some((run) => run.id === session);
}

function logPage(events: MeetingLogEvent[] | null, request: Request): MeetingLog {
  const query = new URL(request.url).searchParams;
  const stats = query.get('stats') === 'true';
  const limit = Number(query.get('limit') ?? 25);
  const start = Number(query.get('cursor') ?? 0);
  const base = { code: FAKE_STATE_CODE, topic: 'Design review' };
  if (events === null) return { ...base, sessions: [], sessionId: null, statsSamples: 0, items: [], nextCursor: null };
  const shown = events.filter((event) => stats || event.type !== 'media.stats');
  const items = shown.slice(start, start + limit);
  return {
    ...base,
    sessions: fakeRuns,
    sessionId: query.get('session') ?? sessionUuid(1),
    statsSamples: events.filter((event) => event.type === 'media.stats').length,
    items,
    nextCursor: start + limit < shown.length ? String(start + limit) : null,
  };
}

/** The reply for FAKE_STATE_CODE, the one meeting the fake knows; 404 for any other code. */
const ofFakeCode = (meetingCode: string, reply: () => FakeReply): FakeReply => (meetingCode === FAKE_STATE_CODE ? reply() : problem(404, 'not_found'));

/** Installs the fake as the api-client's fetch; its `calls` and `bodies` record every request. */
export function installFakeInspectApi(options: FakeInspectApiOptions = {}): FakeFetch {
  const failing = new Set(options.failing ?? []);
  const state = options.state ?? fakeMeetingState();
  const events = options.events === undefined ? fakeLogEvents() : options.events;
  const fail = problem(500, 'internal');
  const fake = createFakeFetch({
    ...options.other,
    meetingState: (_request, { meetingCode }) =>
      ofFakeCode(meetingCode, () => (failing.has('meetingState') ? fail : state === 'media_unavailable' ? problem(503, 'media_unavailable') : json(state))),
    getMeetingLog: (request, { meetingCode }) =>
      ofFakeCode(meetingCode, () => (failing.has('getMeetingLog') ? fail : isRunOf(request) ? json(logPage(events, request)) : problem(400, 'validation_failed', { errors: [{ field: 'session', code: 'invalid_session' }] }))),
    getFeedback: (request) => (failing.has('getFeedback') ? fail : json(feedbackPage(options.feedback ?? [], request))),
    submitMeetingFeedback: (_request, { meetingCode }) =>
      ofFakeCode(meetingCode, () =>
        failing.has('submitMeetingFeedback') ? fail : options.alreadyRated ? problem(409, 'feedback_exists') : json({ id: sessionUuid(500) }, 201),
      ),
  });
  configureApi({ baseUrl: `${window.location.origin}/api/v1`, fetch: fake });
  return fake;
}

/** A story loader installing the fake; play functions read it as `loaded.inspect`. */
export function fakeInspectApiLoader(options: FakeInspectApiOptions = {}): () => { inspect: FakeFetch } {
  return () => {
    notify.clean();
    return { inspect: installFakeInspectApi(options) };
  };
}

export const loadedInspectApi = (loaded: Record<string, unknown>): FakeFetch => loaded.inspect as FakeFetch;
