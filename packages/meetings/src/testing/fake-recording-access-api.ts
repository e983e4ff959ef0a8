// An in-memory stand-in for the recording access part of openapi/portal.yaml (openapi/src/paths/
// recording-access.yaml): share links, the public player's calls and the download check, answering
// through the real api-client with the server's shapes and problem codes, so the dialogs' and the
// player's stories run their own request code.
import { configureApi, type Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Share = Schema<'RecordingShare'>;
type Shared = Schema<'SharedRecording'>;

/** The operations this fake answers, by the contract's operationId. */
const RECORDING_ACCESS_OPERATIONS = ['getRecordingShares', 'createRecordingShare', 'revokeRecordingShare', 'getSharedRecording', 'unlockSharedRecording', 'downloadRecordingFile'] as const;
export type FakeRecordingAccessOperation = (typeof RECORDING_ACCESS_OPERATIONS)[number];
export type FakeRecordingAccessRequest = { operation: FakeRecordingAccessOperation | 'other'; method: string; path: string; body: unknown; headers: Headers };

export const FAKE_SHARE_TOKEN = 'fake-share-token-0123456789abcdefghijklmno';
export const FAKE_SHARE_PASSWORD = 'Sesame-4242';

export type FakeRecordingAccessOptions = {
  shares?: Share[];
  /** The link the player opens (FAKE_SHARE_TOKEN), or the problem code it answers. */
  shared?: Shared | 'share_not_found' | 'share_expired' | 'share_revoked' | 'share_locked' | 'recording_address_refused';
  /** Unlocking answers 429 after this many wrong passwords (default 5). */
  maxWrongPasswords?: number;
  /** Files the download check finds missing: 'No files available for download'. */
  missingFiles?: ('audio' | 'video')[];
  failing?: FakeRecordingAccessOperation[];
  other?: (request: Request) => Promise<Response>;
};

export type FakeRecordingAccessApi = {
  requests: FakeRecordingAccessRequest[];
  requestsOf: (operation: FakeRecordingAccessOperation) => FakeRecordingAccessRequest[];
  shares: () => Share[];
};

const uuid = (n: number) => `00000000-0000-4000-8000-${'e'.repeat(4)}${String(n).padStart(8, '0')}`;

export function fakeShare(n: number, overrides: Partial<Share> = {}): Share {
  return {
    id: uuid(n),
    recordingId: '00000000-0000-4000-8000-dddd00000004',
    expiresAt: new Date(Date.UTC(2030, 6, n, 12)).toISOString(),
    passwordProtected: false,
    revokedAt: null,
    createdAt: new Date(Date.UTC(2030, 5, n, 12)).toISOString(),
    status: 'active',
    ...overrides,
  };
}

export function fakeSharedRecording(overrides: Partial<Shared> = {}): Shared {
  return {
    topic: 'Weekly sync',
    code: '50000000004',
    startedAt: '2030-06-20T09:04:00.000Z',
    durationSeconds: 1800,
    expiresAt: '2030-07-20T12:00:00.000Z',
    passwordRequired: false,
    hasVideo: true,
    ...overrides,
  };
}

const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string, errors?: { field: string; code: string }[]) => json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}) });
const goneStatus: Record<string, number> = { share_not_found: 404, share_expired: 410, share_revoked: 410, share_locked: 410, recording_address_refused: 403 };

export function installFakeRecordingAccessApi(options: FakeRecordingAccessOptions = {}): FakeRecordingAccessApi {
  const shares = [...(options.shares ?? [])];
  const requests: FakeRecordingAccessRequest[] = [];
  let wrongPasswords = 0;

  function operationOf(method: string, path: string): FakeRecordingAccessOperation | 'other' {
    return operationAmong(RECORDING_ACCESS_OPERATIONS, method, path) ?? 'other';
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const operation = operationOf(request.method, path);
    const body: unknown = request.method === 'POST' ? await request.clone().json() : undefined;
    requests.push({ operation, method: request.method, path, body, headers: request.headers });
    if (operation === 'other') return options.other ? options.other(request) : problem(404, 'not_found');
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    const recordingId = path.split('/')[2] ?? '';
    switch (operation) {
      case 'getRecordingShares':
        return json(200, { items: shares.filter((share) => share.recordingId === recordingId) });
      case 'createRecordingShare': {
        const input = body as { expiresAt: string; password: string | null };
        if (Date.parse(input.expiresAt) <= Date.now() - 366 * 86_400_000) return problem(400, 'validation_failed', [{ field: 'expiresAt', code: 'invalid_expiry' }]);
        if (input.password !== null && input.password.length < 10) return problem(400, 'validation_failed', [{ field: 'password', code: 'invalid_share_password' }]);
        const share = fakeShare(shares.length + 50, { recordingId, expiresAt: input.expiresAt, passwordProtected: input.password !== null, createdAt: new Date().toISOString() });
        shares.unshift(share);
        const token = `created-token-${shares.length}-abcdefghijklmnopqrstuvwxyz`;
        return json(201, { share, token, url: `https://acme.portal.example/portal/recording/${token}` });
      }
      case 'revokeRecordingShare': {
        const share = shares.find((candidate) => candidate.id === path.split('/')[4]);
        if (!share) return problem(404, 'not_found');
        Object.assign(share, { status: 'revoked', revokedAt: new Date().toISOString() });
        return json(204, null);
      }
      case 'downloadRecordingFile':
        if (options.missingFiles?.includes(path.endsWith('audio') ? 'audio' : 'video')) return problem(404, 'no_files_available');
        return new Response('x', { status: 206, headers: { 'content-type': 'video/webm', 'content-range': 'bytes 0-0/1000' } });
      case 'getSharedRecording': {
        const shared = options.shared ?? fakeSharedRecording();
        return typeof shared === 'string' ? problem(goneStatus[shared] ?? 404, shared) : json(200, shared);
      }
      case 'unlockSharedRecording': {
        if (wrongPasswords >= (options.maxWrongPasswords ?? 5)) return problem(429, 'too_many_attempts');
        if ((body as { password: string }).password !== FAKE_SHARE_PASSWORD) {
          wrongPasswords += 1;
          return problem(403, 'share_password_wrong');
        }
        return json(200, { grant: 'fake-grant', expiresAt: '2030-06-30T14:00:00.000Z' });
      }
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), shares: () => shares };
}

/** A story loader installing the fake API; play functions read it as `loaded.api`. */
export function fakeRecordingAccessApiLoader(options: FakeRecordingAccessOptions = {}): () => { api: FakeRecordingAccessApi } {
  return () => {
    notify.clean();
    return { api: installFakeRecordingAccessApi(options) };
  };
}

export const loadedRecordingAccessApi = (loaded: Record<string, unknown>) => loaded.api as FakeRecordingAccessApi;
