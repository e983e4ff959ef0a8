// An in-memory stand-in for the local recordings and legal hold operations of openapi/portal.yaml
// (openapi/src/paths/recording-uploads.yaml) answering through the real api-client, so stories and
// tests run the screens' own request code.
import type { Schema } from '@portal/api-client';
import { answerApiWith, jsonResponse as json, problemResponse as problem, fakeCurrentUser, operationAmong, operationOf } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { recordingListAnswer } from './fake-recording-lists';

type LocalRecording = Schema<'LocalRecording'>;
type CurrentUser = ReturnType<typeof fakeCurrentUser>;

/** The operations this fake answers, by the contract's operationId. */
const LOCAL_RECORDINGS_OPERATIONS = ['getMyRecordings', 'getLocalRecordings', 'setRecordingLegalHold'] as const;
export type FakeLocalRecordingsOperation = (typeof LOCAL_RECORDINGS_OPERATIONS)[number];
export type FakeLocalRecordingsRequest = { operation: FakeLocalRecordingsOperation | 'other'; path: string; query: URLSearchParams; body: unknown };

export type FakeLocalRecordingsApiOptions = {
  recordings?: LocalRecording[];
  failing?: FakeLocalRecordingsOperation[];
  /** The signed-in user (`GET /session`); default a member who may upload, or an administrator for legal hold. */
  user?: CurrentUser;
};

export type FakeLocalRecordingsApi = {
  requests: FakeLocalRecordingsRequest[];
  requestsOf: (operation: FakeLocalRecordingsOperation) => FakeLocalRecordingsRequest[];
};

const uuid = (n: number, block: string) => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;

export function fakeLocalRecording(n: number, overrides: Partial<LocalRecording> = {}): LocalRecording {
  return {
    id: uuid(n, 'e'),
    topic: `Uploaded ${n}`,
    meetingId: `7${String(n).padStart(10, '0')}`,
    recordedAt: new Date(Date.UTC(2030, 5, 20, 9, n)).toISOString(),
    computerName: 'LAPTOP-ANNA',
    fileSize: 48_000_000,
    mediaType: 'video/webm',
    tenantId: uuid(1, 'a'),
    tenantName: 'Acme Corporation',
    ownerEmail: 'member@acme.test',
    legalHold: false,
    ...overrides,
  };
}

export function installFakeLocalRecordingsApi(options: FakeLocalRecordingsApiOptions = {}): FakeLocalRecordingsApi {
  const recordings = [...(options.recordings ?? [])];
  const requests: FakeLocalRecordingsRequest[] = [];
  const user = options.user ?? fakeCurrentUser({ role: 'member', roles: ['member'], permissions: ['meeting.put', 'meeting.schedule.get'] });

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const operation = operationAmong(LOCAL_RECORDINGS_OPERATIONS, request.method, path) ?? 'other';
    const body: unknown = request.method === 'PUT' ? await request.json() : undefined;
    requests.push({ operation, path, query: url.searchParams, body });
    if (operation === 'other') return path === '/session' ? json(200, { user }) : problem(404, 'not_found');
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    if (operation === 'setRecordingLegalHold') {
      const legalHold = (body as { legalHold: boolean }).legalHold;
      return json(200, { id: operationOf(request.method, path)?.params.recordingId, legalHold });
    }
    return recordingListAnswer(recordings, url, { dayOf: (r) => r.recordedAt.slice(0, 10), searched: (r) => [r.topic, r.computerName] });
  }

  answerApiWith(handle);
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation) };
}

/** A story loader installing the fake API; play functions read it as `loaded.api`. */
export function fakeLocalRecordingsApiLoader(options: FakeLocalRecordingsApiOptions = {}): () => { api: FakeLocalRecordingsApi } {
  return () => {
    notify.clean();
    return { api: installFakeLocalRecordingsApi(options) };
  };
}

export const loadedLocalRecordingsApi = (loaded: Record<string, unknown>) => loaded.api as FakeLocalRecordingsApi;
