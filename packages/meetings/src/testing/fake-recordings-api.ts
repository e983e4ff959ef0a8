// An in-memory stand-in for the recordings part of openapi/portal.yaml (openapi/src/paths/
// recordings.yaml) answering through the real api-client, so stories and tests run the Cloud
// recordings screen's own request code.
import type { Schema } from '@portal/api-client';
import { answerApiWith, operationAmong, problemResponse as problem } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { recordingListAnswer } from './fake-recording-lists';

type Recording = Schema<'Recording'>;

/** The operations this fake answers, by the contract's operationId. */
const RECORDINGS_OPERATIONS = ['getRecordings'] as const;
export type FakeRecordingsOperation = (typeof RECORDINGS_OPERATIONS)[number];
export type FakeRecordingsRequest = { operation: FakeRecordingsOperation | 'other'; path: string; query: URLSearchParams };

export type FakeRecordingsApiOptions = {
  recordings?: Recording[];
  failing?: FakeRecordingsOperation[];
  /** Answers every other call (the signed-in user, ...). */
  other?: (request: Request) => Promise<Response>;
};

export type FakeRecordingsApi = {
  requests: FakeRecordingsRequest[];
  requestsOf: (operation: FakeRecordingsOperation) => FakeRecordingsRequest[];
  /** Replaces the recordings (a processing one turned ready). */
  setRecordings: (recordings: Recording[]) => void;
};

const uuid = (n: number, block: string) => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;

export function fakeRecording(n: number, overrides: Partial<Recording> = {}): Recording {
  const start = Date.UTC(2030, 5, 20, 9, n);
  return {
    id: uuid(n, 'd'),
    meetingId: `5${String(n).padStart(9, '0')}`,
    topic: `Recorded ${n}`,
    tenantId: uuid(1, 'a'),
    tenantName: 'Acme Corporation',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 30 * 60_000).toISOString(),
    durationSeconds: 30 * 60,
    status: 'ready',
    failure: null,
    audio: true,
    video: true,
    fileSize: 12_345_678,
    legalHold: false,
    ...overrides,
  };
}

export function installFakeRecordingsApi(options: FakeRecordingsApiOptions = {}): FakeRecordingsApi {
  let recordings = [...(options.recordings ?? [])];
  const requests: FakeRecordingsRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const operation = operationAmong(RECORDINGS_OPERATIONS, request.method, path) ?? 'other';
    requests.push({ operation, path, query: url.searchParams });
    if (operation === 'other') return options.other ? options.other(request) : problem(404, 'not_found');
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    return recordingListAnswer(recordings, url, { dayOf: (r) => r.startTime.slice(0, 10), searched: (r) => [r.topic] });
  }

  answerApiWith(handle);
  return {
    requests,
    requestsOf: (operation) => requests.filter((r) => r.operation === operation),
    setRecordings: (next) => {
      recordings = [...next];
    },
  };
}

/** A story loader installing the fake API; play functions read it as `loaded.api`. */
export function fakeRecordingsApiLoader(options: FakeRecordingsApiOptions = {}): () => { api: FakeRecordingsApi } {
  return () => {
    notify.clean();
    return { api: installFakeRecordingsApi(options) };
  };
}

export const loadedRecordingsApi = (loaded: Record<string, unknown>) => loaded.api as FakeRecordingsApi;
