// An in-memory stand-in for the meetings part of openapi/portal.yaml (openapi/src/paths/
// meetings.yaml), answering through the real api-client like the other features' fakes, so
// stories and tests run the portal's own request code. Answers are typed by the generated
// contract and failures come in the server's problem+json shape with its field error codes.
import { configureApi, type Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { defaultMeetingOptions } from '../utils/meeting-options';

type Meeting = Schema<'Meeting'>;
type MeetingCreate = Schema<'MeetingCreate'>;
type MeetingUpdate = Schema<'MeetingUpdate'>;
type OccurrenceUpdate = Schema<'OccurrenceUpdate'>;
type Occurrence = Schema<'MeetingOccurrence'>;
type Page = Schema<'MeetingOccurrencePage'>;
type PersonalMeeting = Schema<'PersonalMeeting'>;
type PersonalMeetingSave = Schema<'PersonalMeetingSave'>;
type RecordingMode = Schema<'RecordingMode'>;
const ALL_RECORD_MODES: RecordingMode[] = ['host_with_screen_share', 'gallery_with_screen_share', 'active_speaker_with_screen_share', 'audio_only', 'audio_and_video', 'audio_and_screen_share'];
type MeetingMode = Schema<'MeetingMode'>;
type Person = Schema<'MeetingPerson'>;
type FieldError = { field: string; code: string };

/** The operations this fake answers, by the contract's operationId. */
const MEETINGS_OPERATIONS = ['getMeetingSchedules', 'getMeetings', 'userCompletedMeetings', 'addMeeting', 'getMeeting', 'updateMeeting', 'updateMeetingSchedule', 'deleteMeeting', 'meetingInvite', 'sendCalendarMeetingInvite', 'getMeetingInvitationText', 'sendCalendarScheduleMeeting', 'getPersonalMeeting', 'savePersonalMeeting', 'getMeetingModes', 'getMeetingCoHostCandidates'] as const;
export type FakeMeetingsOperation = (typeof MEETINGS_OPERATIONS)[number];

export type FakeMeetingsRequest = { operation: FakeMeetingsOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeMeetingsApiOptions = {
  meetings?: Meeting[];
  /** Ended occurrences for the Past list. */
  past?: Occurrence[];
  personal?: PersonalMeeting | null;
  /** The saved meeting modes (getMeetingModes); none by default. */
  modes?: MeetingMode[];
  /** The record modes the platform enables (getMeetingModes `recordModes`); all six by default. A new choice of another is refused, as the server does. */
  recordModes?: RecordingMode[];
  /** The tenant's other people (getMeetingCoHostCandidates); `FAKE_PEOPLE` by default. */
  people?: Person[];
  failing?: FakeMeetingsOperation[];
  /** "Now" for the fake's upcoming checks. */
  now?: Date;
  /** The tenant's end-to-end encryption app is on: new meetings are encrypted, never recorded (as the server does). */
  encrypted?: boolean;
  /** Answers every other call (the signed-in user, the tenant): `createFakeFetch` of @portal/auth/testing. */
  other?: (request: Request) => Promise<Response>;
};
export type FakeMeetingsApi = {
  requests: FakeMeetingsRequest[];
  requestsOf: (operation: FakeMeetingsOperation) => FakeMeetingsRequest[];
  meetings: Meeting[];
  personal: () => PersonalMeeting | null;
};

const uuid = (n: number, block: string) => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;
const DAY = 86_400_000;
export const FAKE_ORIGIN = 'https://acme.portal.test';
/** A personal meeting id another member already has. */
export const TAKEN_MEETING_ID = '5555555555';
export const FAKE_INVITATION_TEXT = 'Ada Lovelace is inviting you to a meeting.';

/** The signed-in member's colleagues the Co-hosts picker finds. */
export const FAKE_PEOPLE: Person[] = [
  { id: '00000000-0000-4000-8000-dddddddd0001', name: 'Grace Hopper', email: 'grace@acme.test' },
  { id: '00000000-0000-4000-8000-dddddddd0002', name: 'Alan Turing', email: 'alan@acme.test' },
  { id: '00000000-0000-4000-8000-dddddddd0003', name: 'Katherine Johnson', email: 'katherine@acme.test' },
];

export const fakeJoinUrl = (meetingId: string) => `${FAKE_ORIGIN}/portal/join/${meetingId}`;

export function fakeMeeting(n: number, overrides: Partial<Meeting> = {}): Meeting {
  const meetingId = overrides.meetingId ?? `8${String(n).padStart(10, '0')}`;
  return {
    id: uuid(n, 'a'),
    meetingId,
    kind: 'scheduled',
    topic: `Meeting ${n}`,
    description: null,
    start: new Date(Date.now() + n * DAY).toISOString(),
    durationMinutes: 60,
    timeZone: 'Europe/Paris',
    recurrence: null,
    password: null,
    recordMode: null,
    meetingMode: null,
    options: defaultMeetingOptions(),
    phoneBridge: false,
    host: { id: uuid(1, 'b'), name: 'Ada Lovelace', email: 'ada@acme.test' },
    coHosts: [],
    exceptions: [],
    joinUrl: fakeJoinUrl(meetingId),
    sequence: 0,
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

export function fakePastOccurrence(n: number, start: Date, overrides: Partial<Occurrence> = {}): Occurrence {
  const meetingId = `7${String(n).padStart(10, '0')}`;
  return {
    id: uuid(n, 'c'),
    meetingId,
    kind: 'scheduled',
    topic: `Past meeting ${n}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    originalStart: start.toISOString(),
    timeZone: 'Europe/Paris',
    recurring: false,
    changed: false,
    hasPassword: false,
    joinUrl: fakeJoinUrl(meetingId),
    ...overrides,
  };
}

export function fakePersonalMeeting(overrides: Partial<PersonalMeeting> = {}): PersonalMeeting {
  const meetingId = overrides.meetingId ?? '1234567890';
  return {
    id: uuid(1, 'f'),
    meetingId,
    topic: "Ada Lovelace's personal meeting",
    password: '246810',
    joinMode: 'waiting_for_host',
    recordMode: null,
    phoneBridge: false,
    joinUrl: fakeJoinUrl(meetingId),
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string, errors?: FieldError[]) => json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}) });
const invalid = (errors: FieldError[]) => problem(400, 'validation_failed', errors);

function page(items: Occurrence[], query: URLSearchParams): Page {
  const limit = Number(query.get('limit') ?? 25);
  const offset = Number(query.get('cursor') ?? 0);
  return { items: items.slice(offset, offset + limit), nextCursor: offset + limit < items.length ? String(offset + limit) : null };
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** The fake's simple expansion: every interval of days, weeks or months, at most `count` (or 10). */
function originalStarts(meeting: Meeting): Date[] {
  const first = new Date(meeting.start);
  const rule = meeting.recurrence;
  if (!rule) return [first];
  const until = rule.endDate ? Date.parse(`${rule.endDate}T23:59:59Z`) : Infinity;
  const starts: Date[] = [];
  for (let i = 0; starts.length < (rule.count ?? 10) && i < 400; i++) {
    const at = rule.frequency === 'monthly' ? addMonths(first, i * rule.interval) : new Date(first.getTime() + i * rule.interval * (rule.frequency === 'weekly' ? 7 : 1) * DAY);
    if (at.getTime() > until) break;
    starts.push(at);
  }
  return starts;
}

function occurrencesOf(meeting: Meeting): Occurrence[] {
  return originalStarts(meeting).flatMap((original) => {
    const originalStart = original.toISOString();
    const exception = meeting.exceptions.find((e) => e.originalStart === originalStart);
    if (exception?.cancelled) return [];
    const start = new Date(exception?.start ?? originalStart);
    const minutes = exception?.durationMinutes ?? meeting.durationMinutes;
    return [
      {
        id: meeting.id,
        meetingId: meeting.meetingId,
        kind: meeting.kind,
        topic: exception?.topic ?? meeting.topic,
        start: start.toISOString(),
        end: new Date(start.getTime() + minutes * 60_000).toISOString(),
        originalStart,
        timeZone: meeting.timeZone,
        recurring: meeting.recurrence !== null,
        changed: exception !== undefined,
        hasPassword: meeting.password !== null,
        joinUrl: meeting.joinUrl,
        ...(meeting.endToEndEncrypted ? { endToEndEncrypted: true } : {}),
      },
    ];
  });
}

type MeetingInput = Partial<MeetingCreate & MeetingUpdate>;

function meetingErrors(input: MeetingInput, now: Date, checkStart: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (input.topic !== undefined && !/^\S(.*\S)?$/.test(input.topic)) errors.push({ field: 'topic', code: 'invalid_topic' });
  if (input.password != null && !/^[0-9]{6,10}$/.test(input.password)) errors.push({ field: 'password', code: 'invalid_meeting_password' });
  if (input.options?.meetingPassword && !input.password) errors.push({ field: 'password', code: 'password_required' });
  if (checkStart && input.start !== undefined && Date.parse(input.start) < now.getTime() - 300_000) errors.push({ field: 'start', code: 'start_in_past' });
  const rule = input.recurrence;
  if (rule?.frequency === 'weekly' && !rule.weekdays?.length) errors.push({ field: 'recurrence.weekdays', code: 'weekday_required' });
  if (rule?.endDate && input.start && rule.endDate < input.start.slice(0, 10)) errors.push({ field: 'recurrence.endDate', code: 'end_before_start' });
  return errors;
}

function operationOf(method: string, path: string): FakeMeetingsOperation | 'other' {
  return operationAmong(MEETINGS_OPERATIONS, method, path) ?? 'other';
}

export function installFakeMeetingsApi(options: FakeMeetingsApiOptions = {}): FakeMeetingsApi {
  const meetings = [...(options.meetings ?? [])];
  const past = [...(options.past ?? [])];
  let personal = options.personal ?? null;
  const people = options.people ?? FAKE_PEOPLE;
  const peopleOf = (ids: readonly string[] | undefined) => (ids ?? []).flatMap((pid) => people.filter((person) => person.id === pid));
  const requests: FakeMeetingsRequest[] = [];
  const now = () => options.now ?? new Date();
  let created = 0;
  /** A new choice of a record mode the platform switched off is refused; the one a meeting already has is kept. */
  const recordModeErrors = (mode: RecordingMode | null | undefined, current: RecordingMode | null): FieldError[] =>
    mode && mode !== current && !(options.recordModes ?? ALL_RECORD_MODES).includes(mode) ? [{ field: 'recordMode', code: 'record_mode_disabled' }] : [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const q = url.searchParams.get('q')?.toLowerCase();
    const matches = (o: Occurrence) => !q || o.topic.toLowerCase().includes(q) || o.meetingId.includes(q);
    const id = decodeURIComponent(path.split('/')[2] ?? '');
    const index = meetings.findIndex((m) => m.id === id);
    const meeting = meetings[index];

    switch (operation) {
      case 'getMeetingSchedules': {
        const items = meetings
          .filter((m) => m.kind === 'scheduled')
          .flatMap(occurrencesOf)
          .filter((o) => Date.parse(o.end) > now().getTime() && matches(o))
          .sort((a, b) => a.start.localeCompare(b.start));
        return json(200, page(items, url.searchParams));
      }
      case 'getMeetings':
        return json(200, page(meetings.filter((m) => m.kind === 'open').flatMap(occurrencesOf).filter(matches).reverse(), url.searchParams));
      case 'userCompletedMeetings': {
        const from = url.searchParams.get('from');
        const to = url.searchParams.get('to');
        if (from && to && to < from) return invalid([{ field: 'to', code: 'end_before_start' }]);
        const items = past.filter((o) => matches(o) && (!from || o.start.slice(0, 10) >= from) && (!to || o.start.slice(0, 10) <= to));
        return json(200, page(items, url.searchParams));
      }
      case 'addMeeting': {
        // Invitees are mailed by the server; the meeting itself does not show them.
        const { coHostIds, invitees: _invitees, ...input } = body as MeetingCreate;
        const errors = [...meetingErrors(input, now(), true), ...recordModeErrors(input.recordMode, null)];
        if (errors.length) return invalid(errors);
        created += 1;
        const next = fakeMeeting(100 + created + meetings.length, {
          ...input,
          description: input.description ?? null,
          recurrence: input.recurrence ?? null,
          password: input.password ?? null,
          recordMode: input.recordMode ?? null,
          meetingMode: input.meetingMode ?? null,
          phoneBridge: input.phoneBridge ?? false,
          coHosts: peopleOf(coHostIds),
          ...(input.options ? { options: input.options } : {}),
          ...(options.encrypted ? { endToEndEncrypted: true, recordMode: null } : {}),
        });
        meetings.push(next);
        return json(201, next);
      }
      case 'getMeeting':
        return meeting ? json(200, meeting) : problem(404, 'not_found');
      case 'updateMeeting': {
        if (!meeting) return problem(404, 'not_found');
        const input = body as MeetingUpdate;
        const errors = [
          ...meetingErrors({ ...input, start: input.start ?? meeting.start, options: input.options ?? meeting.options, password: input.password === undefined ? meeting.password : input.password }, now(), input.start !== undefined),
          ...recordModeErrors(input.recordMode, meeting.recordMode),
        ];
        if (errors.length) return invalid(errors);
        const { coHostIds, ...changes } = input;
        const next: Meeting = { ...meeting, ...changes, ...(coHostIds ? { coHosts: peopleOf(coHostIds) } : {}), sequence: meeting.sequence + 1 };
        meetings[index] = next;
        return json(200, next);
      }
      case 'updateMeetingSchedule': {
        if (!meeting) return problem(404, 'not_found');
        const originalStart = decodeURIComponent(path.split('/')[4] ?? '');
        if (!originalStarts(meeting).some((s) => s.toISOString() === new Date(originalStart).toISOString())) return problem(404, 'occurrence_not_found');
        const input = body as OccurrenceUpdate;
        const errors = meetingErrors({ topic: input.topic, start: input.start }, now(), true);
        if (errors.length) return invalid(errors);
        const key = new Date(originalStart).toISOString();
        const exception = { originalStart: key, cancelled: false, start: input.start ?? null, durationMinutes: input.durationMinutes ?? null, topic: input.topic ?? null };
        const next: Meeting = { ...meeting, exceptions: [...meeting.exceptions.filter((e) => e.originalStart !== key), exception], sequence: meeting.sequence + 1 };
        meetings[index] = next;
        return json(200, next);
      }
      case 'deleteMeeting': {
        if (!meeting) return problem(404, 'not_found');
        const occurrence = url.searchParams.get('occurrence');
        if (occurrence) {
          const key = new Date(occurrence).toISOString();
          meetings[index] = { ...meeting, exceptions: [...meeting.exceptions.filter((e) => e.originalStart !== key), { originalStart: key, cancelled: true, start: null, durationMinutes: null, topic: null }] };
        } else meetings.splice(index, 1);
        return json(204, null);
      }
      case 'meetingInvite': {
        if (!meeting) return problem(404, 'not_found');
        const { emails } = body as Schema<'MeetingInvitation'>;
        const errors = emails.flatMap((email, i) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? [] : [{ field: `emails.${i}`, code: 'invalid_email' }]));
        if (errors.length) return invalid(errors);
        return json(202, { sent: emails.length });
      }
      case 'sendCalendarMeetingInvite':
        if (!meeting) return problem(404, 'not_found');
        return new Response(`BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:${meeting.id}\r\nSUMMARY:${meeting.topic}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`, { status: 200, headers: { 'content-type': 'text/calendar' } });
      case 'getMeetingInvitationText':
        if (!meeting) return problem(404, 'not_found');
        return json(200, { text: `${FAKE_INVITATION_TEXT}\nTopic: ${meeting.topic}\nJoin: ${meeting.joinUrl}` });
      case 'sendCalendarScheduleMeeting':
        return meeting ? json(202, { sent: 1 }) : problem(404, 'not_found');
      case 'getMeetingModes':
        return json(200, { items: options.modes ?? [], recordModes: options.recordModes ?? ALL_RECORD_MODES });
      case 'getMeetingCoHostCandidates': {
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 20);
        const found = people.filter((person) => !q || person.name.toLowerCase().includes(q) || person.email.toLowerCase().includes(q));
        return json(200, { items: found.slice(0, limit) });
      }
      case 'getPersonalMeeting':
        return personal ? json(200, personal) : problem(404, 'not_found');
      case 'savePersonalMeeting': {
        const input = body as PersonalMeetingSave;
        const errors: FieldError[] = [];
        if (!/^[0-9]{10}$/.test(input.meetingId)) errors.push({ field: 'meetingId', code: 'invalid_personal_meeting_id' });
        if (!/^\S(.*\S)?$/.test(input.topic)) errors.push({ field: 'topic', code: 'invalid_topic' });
        if (input.password !== null && !/^[0-9]{6,10}$/.test(input.password)) errors.push({ field: 'password', code: 'invalid_personal_password' });
        errors.push(...recordModeErrors(input.recordMode, personal?.recordMode ?? null));
        if (errors.length) return invalid(errors);
        if (input.meetingId === TAKEN_MEETING_ID) return problem(409, 'meeting_id_exists', [{ field: 'meetingId', code: 'meeting_id_exists' }]);
        personal = { ...(personal ?? fakePersonalMeeting()), ...input, joinUrl: fakeJoinUrl(input.meetingId) };
        return json(200, personal);
      }
      default:
        // Its body was read above: the other fakes get a request that still has it.
        return options.other ? options.other(new Request(request.url, { method: request.method, headers: request.headers, ...(text ? { body: text } : {}) })) : problem(404, 'not_found');
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), meetings, personal: () => personal };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeMeetingsApiLoader(options: FakeMeetingsApiOptions = {}): () => { api: FakeMeetingsApi } {
  return () => {
    notify.clean();
    return { api: installFakeMeetingsApi(options) };
  };
}

export const loadedMeetingsApi = (loaded: Record<string, unknown>): FakeMeetingsApi => loaded.api as FakeMeetingsApi;
