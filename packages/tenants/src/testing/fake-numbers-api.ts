// An in-memory stand-in for the phone numbers (dids) and developer clients parts of
// openapi/portal.yaml, answering through the real api-client like the other fakes, so stories and
// tests run the portal's own request code. It records every request and can be told to fail.
import { configureApi, type Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Did = Schema<'Did'>;
type DevClient = Schema<'DevClient'>;

/** The operations this fake answers, by the contract's operationId. */
const NUMBERS_OPERATIONS = ['getDids', 'putDid', 'updateDid', 'deleteDid', 'getDevClients', 'putDevClient', 'updateDevClient', 'deleteDevClient'] as const;
export type FakeNumbersOperation = (typeof NUMBERS_OPERATIONS)[number];
export type FakeNumbersRequest = { operation: FakeNumbersOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeNumbersApiOptions = { dids?: Did[]; devClients?: DevClient[]; failing?: FakeNumbersOperation[] };
export type FakeNumbersApi = { requests: FakeNumbersRequest[]; requestsOf: (operation: FakeNumbersOperation) => FakeNumbersRequest[]; dids: Did[]; devClients: DevClient[] };

const uuid = (n: number, block: string) => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;
export const FAKE_MEMBER_ROLE_ID = uuid(1, 'e');
export const FAKE_ADMIN_ROLE_ID = uuid(2, 'e');
export const FAKE_SECRET = 'fake-secret-shown-once';

export function fakeDid(n: number, overrides: Partial<Did> = {}): Did {
  return { id: uuid(n, 'd'), country: 'FR', number: `+3314000000${n}`, status: 'enabled', dialIn: true, dialOut: false, createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(), ...overrides };
}

export function fakeDevClient(n: number, overrides: Partial<DevClient> = {}): DevClient {
  return {
    id: uuid(n, 'f'),
    name: `Integration ${n}`,
    clientId: `dc_${String(n).padStart(24, '0')}`,
    status: 'enabled',
    roleId: FAKE_MEMBER_ROLE_ID,
    roleName: 'member',
    redirectUris: ['https://app.example.com/callback'],
    webOrigins: ['https://app.example.com'],
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string, errors?: Array<{ field: string; code: string }>) => json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}) });

function page<T>(items: T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 25);
  const offset = Number(query.get('cursor') ?? 0);
  return { items: items.slice(offset, offset + limit), nextCursor: offset + limit < items.length ? String(offset + limit) : null };
}

function operationOf(method: string, path: string): FakeNumbersOperation | 'other' {
  return operationAmong(NUMBERS_OPERATIONS, method, path) ?? 'other';
}

// The fake's stand-in for the server's country check: only French numbers are "plausible" for FR.
const plausible = (country: string, number: string) => country !== 'FR' || number.startsWith('+33');
const uriErrors = (input: { redirectUris?: string[]; webOrigins?: string[] }) => [
  ...(input.redirectUris ?? []).flatMap((u, i) => (u.startsWith('https://') ? [] : [{ field: `redirectUris.${i}`, code: 'invalid_uris' }])),
  ...(input.webOrigins ?? []).flatMap((o, i) => (/^https:\/\/[^/]+$/.test(o) ? [] : [{ field: `webOrigins.${i}`, code: 'invalid_content' }])),
];

export function installFakeNumbersApi(options: FakeNumbersApiOptions = {}): FakeNumbersApi {
  const dids = [...(options.dids ?? [])];
  const devClients = [...(options.devClients ?? [])];
  const requests: FakeNumbersRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const q = url.searchParams.get('q')?.toLowerCase();
    switch (operation) {
      case 'getDids':
        return json(200, page(dids.filter((d) => !q || d.number.includes(q)), url.searchParams));
      case 'putDid':
      case 'updateDid': {
        const index = operation === 'updateDid' ? dids.findIndex((d) => path.endsWith(d.id)) : -1;
        if (operation === 'updateDid' && index < 0) return problem(404, 'not_found');
        const next = { ...(index >= 0 ? dids[index]! : fakeDid(dids.length + 50)), ...(body as Partial<Did>) };
        if (!plausible(next.country, next.number)) return problem(400, 'validation_failed', [{ field: 'number', code: 'invalid_phone' }]);
        if (dids.some((d, i) => i !== index && d.number === next.number)) return problem(409, 'number_exists', [{ field: 'number', code: 'number_exists' }]);
        if (index >= 0) dids[index] = next;
        else dids.push(next);
        return json(index >= 0 ? 200 : 201, next);
      }
      case 'deleteDid': {
        const index = dids.findIndex((d) => path.endsWith(d.id));
        if (index < 0) return problem(404, 'not_found');
        dids.splice(index, 1);
        return json(204, null);
      }
      case 'getDevClients':
        return json(200, page(devClients.filter((c) => !q || c.name.toLowerCase().includes(q) || c.clientId.includes(q)), url.searchParams));
      case 'putDevClient':
      case 'updateDevClient': {
        const index = operation === 'updateDevClient' ? devClients.findIndex((c) => path.endsWith(c.id)) : -1;
        if (operation === 'updateDevClient' && index < 0) return problem(404, 'not_found');
        const { regenerateSecret, ...input } = body as Partial<DevClient> & { regenerateSecret?: boolean };
        const errors = uriErrors(input);
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        const next = { ...(index >= 0 ? devClients[index]! : fakeDevClient(devClients.length + 50)), ...input };
        if (index >= 0) devClients[index] = next;
        else devClients.push(next);
        return json(index >= 0 ? 200 : 201, { client: next, secret: index < 0 || regenerateSecret ? FAKE_SECRET : null });
      }
      case 'deleteDevClient': {
        const index = devClients.findIndex((c) => path.endsWith(c.id));
        if (index < 0) return problem(404, 'not_found');
        devClients.splice(index, 1);
        return json(204, null);
      }
      default:
        if (path === '/roles/assignable') {
          return json(200, { items: [{ id: FAKE_MEMBER_ROLE_ID, name: 'member', description: 'Member' }, { id: FAKE_ADMIN_ROLE_ID, name: 'admin', description: 'Administrator' }] });
        }
        return problem(404, 'not_found');
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), dids, devClients };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeNumbersApiLoader(options: FakeNumbersApiOptions = {}): () => { api: FakeNumbersApi } {
  return () => {
    notify.clean();
    return { api: installFakeNumbersApi(options) };
  };
}

export const loadedNumbersApi = (loaded: Record<string, unknown>): FakeNumbersApi => loaded.api as FakeNumbersApi;
