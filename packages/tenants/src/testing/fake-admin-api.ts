// An in-memory stand-in for the media clients and audit log parts of openapi/portal.yaml, answering
// through the real api-client (`configureApi({ fetch })`) like the users fake, so stories and tests
// run the portal's own request code. It records every request and can be told to fail.
import { configureApi, type Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakeTenants } from './fake-users-api';

type MediaClient = Schema<'MediaClient'>;
type AuditEntry = Schema<'AuditEntry'>;
type CurrentUser = Schema<'CurrentUser'>;

/** The operations this fake answers, by the contract's operationId. */
const ADMIN_OPERATIONS = ['getClients', 'putClient', 'updateClient', 'deleteClient', 'getAuditLog', 'exportAuditLog', 'getTenants'] as const;
export type FakeAdminOperation = (typeof ADMIN_OPERATIONS)[number];

export type FakeAdminRequest = { operation: FakeAdminOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };

export type FakeAdminApiOptions = {
  clients?: MediaClient[];
  audit?: AuditEntry[];
  /** Entries of other tenants' logs by tenant id, answered for `tenantId`. */
  tenantAudit?: Record<string, AuditEntry[]>;
  permissions?: string[];
  role?: string;
  /** Operations that answer 500 instead of their normal result. */
  failing?: FakeAdminOperation[];
};

export type FakeAdminApi = {
  requests: FakeAdminRequest[];
  requestsOf: (operation: FakeAdminOperation) => FakeAdminRequest[];
  clients: MediaClient[];
};

export const ALL_CLIENT_PERMISSIONS = ['client.get', 'client.put', 'client.update', 'client.delete'];

const uuid = (n: number, block = 'c') => `00000000-0000-4000-8000-${block.repeat(4)}${String(n).padStart(8, '0')}`;

export function fakeClient(n: number, overrides: Partial<MediaClient> = {}): MediaClient {
  const tenant = fakeTenants[n % fakeTenants.length]!;
  return {
    id: uuid(n),
    tenantId: tenant.id,
    tenantName: tenant.name,
    name: `Meeting app ${n}`,
    version: null,
    minVersion: '1.0',
    maxVersion: '2.4.0',
    iceTransportPolicy: 'all',
    bundlePolicy: 'balanced',
    iceServers: { video: [{ url: 'turn:turn.acme.example:3478', username: 'video', hasCredential: true }], audio: [] },
    appServer: 'https://app.acme.example',
    status: 'enabled',
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

export function fakeAuditEntry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: uuid(n, 'a'),
    createdAt: new Date(Date.UTC(2025, 2, 31, 12, 0) - n * 60_000).toISOString(),
    actor: 'ada@acme.example',
    actorUserId: uuid(1, 'b'),
    action: 'update',
    entity: 'user',
    entityId: uuid(n + 100, 'd'),
    ip: '203.0.113.7',
    before: { email: `person${n}@acme.example`, firstName: 'Nora', status: 'enabled' },
    after: { email: `person${n}@acme.example`, firstName: 'Noor', status: 'enabled' },
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

const ICE_URL = /^(stun|turns?):\S+$/;

function operationOf(method: string, path: string): FakeAdminOperation | 'other' {
  return operationAmong(ADMIN_OPERATIONS, method, path) ?? 'other';
}

type IceInput = { url: string; username?: string | null; credential?: string | null };

export function installFakeAdminApi(options: FakeAdminApiOptions = {}): FakeAdminApi {
  const clients = [...(options.clients ?? [])];
  const audit = options.audit ?? [];
  const requests: FakeAdminRequest[] = [];
  const role = options.role ?? 'superadmin';
  const currentUser: CurrentUser = {
    id: uuid(1, 'b'),
    email: 'ada@acme.example',
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    role,
    roles: [role],
    photoURL: null,
    tenant: { id: '00000000-0000-4000-8000-00000000b000', name: 'Platform', sname: 'system' },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions: options.permissions ?? [...ALL_CLIENT_PERMISSIONS, 'user.get'],
    csrfToken: 'csrf-token',
  };

  const iceErrors = (iceServers: { video: IceInput[]; audio: IceInput[] }) =>
    (['video', 'audio'] as const).flatMap((list) =>
      iceServers[list].flatMap((server, i) => (ICE_URL.test(server.url) ? [] : [{ field: `iceServers.${list}.${i}.url`, code: 'invalid_uris' }])),
    );
  const publicIce = (iceServers: { video: IceInput[]; audio: IceInput[] }, previous?: MediaClient) => {
    const show = (list: 'video' | 'audio') =>
      iceServers[list].map((s) => ({
        url: s.url,
        username: s.username ?? null,
        hasCredential: Boolean(s.credential) || Boolean(previous?.iceServers[list].find((p) => p.url === s.url)?.hasCredential),
      }));
    return { video: show('video'), audio: show('audio') };
  };

  // The server's MediaClientUrl (openapi/portal.yaml): http(s), at most 500 characters, else `invalid_url`.
  const urlErrors = (input: Partial<MediaClient>) =>
    (['version', 'appServer'] as const).flatMap((field) => {
      const value = input[field];
      return value == null || (value.length <= 500 && /^https?:\/\/[^\s/]+[^\s]*$/.test(value)) ? [] : [{ field, code: 'invalid_url' }];
    });

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const query = url.searchParams;
    switch (operation) {
      case 'getClients': {
        const q = query.get('q')?.toLowerCase();
        return json(200, page(clients.filter((c) => !q || c.name.toLowerCase().includes(q)), query));
      }
      case 'putClient': {
        const input = body as { name: string; tenantId?: string; iceServers: { video: IceInput[]; audio: IceInput[] } } & Partial<MediaClient>;
        const errors = [...urlErrors(input), ...iceErrors(input.iceServers)];
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        if (clients.some((c) => c.name === input.name)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        const tenant = fakeTenants.find((t) => t.id === input.tenantId) ?? { id: currentUser.tenant.id, name: currentUser.tenant.name };
        const client = fakeClient(clients.length + 50, { ...input, tenantId: tenant.id, tenantName: tenant.name, iceServers: publicIce(input.iceServers) });
        clients.push(client);
        return json(201, client);
      }
      case 'updateClient': {
        const index = clients.findIndex((c) => path.endsWith(c.id));
        if (index < 0) return problem(404, 'not_found');
        const input = body as Partial<MediaClient> & { iceServers?: { video: IceInput[]; audio: IceInput[] } };
        const errors = [...urlErrors(input), ...(input.iceServers ? iceErrors(input.iceServers) : [])];
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        const previous = clients[index]!;
        const next = { ...previous, ...input, iceServers: input.iceServers ? publicIce(input.iceServers, previous) : previous.iceServers };
        clients[index] = next;
        return json(200, next);
      }
      case 'deleteClient': {
        const index = clients.findIndex((c) => path.endsWith(c.id));
        if (index < 0) return problem(404, 'not_found');
        clients.splice(index, 1);
        return json(204, null);
      }
      case 'getAuditLog': {
        const actor = query.get('actor')?.toLowerCase();
        // A tenantId other than the caller's own reads that tenant's entries (the platform administrator's filter).
        const tenantId = query.get('tenantId');
        const matching = (tenantId && tenantId !== currentUser.tenant.id ? (options.tenantAudit?.[tenantId] ?? []) : audit).filter(
          (e) => (!actor || e.actor.includes(actor)) && (!query.get('action') || e.action === query.get('action')) && (!query.get('entity') || e.entity === query.get('entity')),
        );
        return json(200, page(matching, query));
      }
      case 'exportAuditLog':
        return new Response('when,actor,action,entity,entityId,ip,before,after\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      case 'getTenants': {
        const q = query.get('q')?.toLowerCase();
        return json(200, { items: fakeTenants.filter((tenant) => !q || tenant.name.toLowerCase().includes(q) || tenant.sname.includes(q)), nextCursor: null });
      }
      default:
        if (path === '/session') return json(200, { user: currentUser });
        return problem(404, 'not_found');
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), clients };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeAdminApiLoader(options: FakeAdminApiOptions = {}): () => { api: FakeAdminApi } {
  return () => {
    notify.clean();
    return { api: installFakeAdminApi(options) };
  };
}

export const loadedAdminApi = (loaded: Record<string, unknown>): FakeAdminApi => loaded.api as FakeAdminApi;
