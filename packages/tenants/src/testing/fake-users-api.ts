// An in-memory stand-in for the users part of openapi/portal.yaml, answering through the real
// api-client (`configureApi({ fetch })`) so tests and stories exercise the same request code the
// portal runs. It records every request, validates like the contract and can be told to fail.
import { configureApi, type Problem, type Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { createFakeImportJobs, userFieldErrors, usersCsvResponse } from './fake-user-rules';

type User = Schema<'User'>;
type RoleSummary = Schema<'RoleSummary'>;
type TenantSummary = Schema<'TenantSummary'>;
type CurrentUser = Schema<'CurrentUser'>;

/** The operations this fake answers, by the contract's operationId. */
const USERS_OPERATIONS = ['getSession', 'getUsers', 'addUser', 'tenantAddUser', 'updateUser', 'deleteUser', 'inviteUser', 'deleteUserSessions', 'startUserImport', 'getUserImport', 'exportUsers', 'getUserRoles', 'getTenants'] as const;
export type FakeOperation = (typeof USERS_OPERATIONS)[number];

export type RecordedRequest = {
  operation: FakeOperation | 'unknown';
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
};

export type FakeFailure = { status: number; problem?: Partial<Problem> };

export type FakeUsersApiOptions = {
  /** Permissions of the signed-in user (GET /me); every users permission by default. */
  permissions?: string[];
  /** Primary role of the signed-in user; `admin` by default. */
  role?: string;
  users?: User[];
  roles?: RoleSummary[];
  tenants?: TenantSummary[];
  /** Operations that answer with this problem instead of their normal result (`failing`, as in every fake). */
  failing?: Partial<Record<FakeOperation, FakeFailure>>;
  /** Delay of every answer in ms, for stories that show loading states. */
  delay?: number;
  /** The tenant's user limit (none by default): creations past it answer 409 `user_limit_reached`, as on the server. */
  maxUsers?: number;
};

export type FakeUsersApi = {
  /** Absolute, because Node's Request (under jsdom) rejects relative URLs. */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  requests: RecordedRequest[];
  /** Requests of one operation, oldest first. */
  requestsOf: (operation: FakeOperation) => RecordedRequest[];
  users: User[];
  failing: Partial<Record<FakeOperation, FakeFailure>>;
};

/** Every permission of the users screen (spec section 6). */
export const ALL_USER_PERMISSIONS = ['user.get', 'user.put', 'user.update', 'user.delete', 'user.invite', 'user.enable', 'user.unlink'];

export const fakeRoles: RoleSummary[] = [
  { id: '00000000-0000-4000-8000-00000000a001', name: 'admin', description: 'Tenant administrator' },
  { id: '00000000-0000-4000-8000-00000000a002', name: 'member', description: 'Meeting member' },
];

export const fakeTenants: TenantSummary[] = [
  { id: '00000000-0000-4000-8000-00000000b001', name: 'Acme', sname: 'acme' },
  { id: '00000000-0000-4000-8000-00000000b002', name: 'Globex', sname: 'globex' },
];

const FIRST_NAMES = ['Amira', 'Bruno', 'Chloé', 'Dilnoza', 'Emeka', 'Farid', 'Grace', 'Hiroshi', 'Ines', 'Jonas', 'Karim', 'Lena'];
const LAST_NAMES = ['Haddad', 'Silva', 'Martin', 'Karimova', 'Okafor', 'Rahimi', 'Hopper', 'Tanaka', 'Costa', 'Berg', 'Nasser', 'Vogel'];

/** `count` realistic users with stable ids, e.g. `fakeUsers(30)` for paging. */
export function fakeUsers(count: number): User[] {
  return Array.from({ length: count }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'User';
    const lastName = LAST_NAMES[(index * 5) % LAST_NAMES.length] ?? 'Person';
    return {
      id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      email: `${firstName.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}.${lastName.toLowerCase()}${index}@acme.example`,
      firstName,
      lastName,
      roles: [index === 0 ? 'admin' : 'member'],
      status: index % 7 === 3 ? 'disabled' : 'enabled',
      changePasswordOnSignIn: false,
      createdAt: new Date(Date.UTC(2024, 0, 1 + index)).toISOString(),
    };
  });
}

const FAKE_ORIGIN = 'http://portal.test';
const BASE_PATH = '/api/v1';

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function problem(status: number, code: string, extra: Partial<Problem> = {}): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

type Body = Record<string, unknown>;

function operationOf(method: string, path: string): FakeOperation | 'unknown' {
  return operationAmong(USERS_OPERATIONS, method, path) ?? 'unknown';
}

function matches(user: User, q: string | null) {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [user.email, user.firstName, user.lastName].some((value) => value.toLowerCase().includes(needle));
}

/** One page of `items` by the `limit` and `cursor` of `query` (the fakes' cursors are offsets). */
export function fakePage<T>(items: T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 25);
  const offset = Number(query.get('cursor')?.replace('offset:', '') ?? 0);
  const end = offset + limit;
  return { items: items.slice(offset, end), nextCursor: end < items.length ? `offset:${end}` : null };
}

function sortUsers(users: User[], sort: string | null) {
  const param = sort ?? 'email';
  const desc = param.startsWith('-');
  const field = (desc ? param.slice(1) : param) as keyof User;
  return [...users].sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (desc ? -1 : 1));
}

/** One page of `users` as getUsers answers `query` (q, status, sort, limit, cursor); getTenantUsers too. */
export function fakeUserPage(users: User[], query: URLSearchParams) {
  const status = query.get('status');
  const found = users.filter((user) => matches(user, query.get('q')) && (!status || user.status === status));
  return fakePage(sortUsers(found, query.get('sort')), query);
}

export function createFakeUsersApi(options: FakeUsersApiOptions = {}): FakeUsersApi {
  const users = [...(options.users ?? fakeUsers(3))];
  const roles = options.roles ?? fakeRoles;
  const tenants = options.tenants ?? fakeTenants;
  const failing = { ...options.failing };
  const requests: RecordedRequest[] = [];
  let created = 0;
  const role = options.role ?? 'admin';
  const currentUser: CurrentUser = {
    id: '00000000-0000-4000-8000-00000000c001',
    email: 'ada@acme.example',
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    role,
    roles: [role],
    photoURL: null,
    tenant: fakeTenants[0] ?? { id: '00000000-0000-4000-8000-00000000b001', name: 'Acme', sname: 'acme' },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions: options.permissions ?? ALL_USER_PERMISSIONS,
    csrfToken: 'csrf-token',
  };

  const importJobs = createFakeImportJobs();
  const roomFor = (adding: number) => options.maxUsers === undefined || users.length + adding <= options.maxUsers;

  function createUser(body: Body): Response {
    const errors = userFieldErrors(body, true);
    if (errors.length > 0) return problem(400, 'validation_failed', { errors });
    const email = String(body.email);
    if (users.some((user) => user.email.toLowerCase() === email.toLowerCase())) return problem(409, 'email_exists', { errors: [{ field: 'email', code: 'email_exists', message: 'A user with this email already exists.' }] });
    if (!roomFor(1)) return problem(409, 'user_limit_reached', { detail: `This tenant may hold at most ${options.maxUsers} users.` });
    created += 1;
    const user: User = {
      id: `00000000-0000-4000-8000-${String(900000 + created).padStart(12, '0')}`,
      email,
      firstName: String(body.firstName),
      lastName: String(body.lastName),
      roles: body.roles as string[],
      status: body.enabled === false ? 'disabled' : 'enabled',
      changePasswordOnSignIn: body.changePasswordOnSignIn !== false,
      createdAt: new Date().toISOString(),
    };
    users.push(user);
    const password = body.passwordMode === 'manual' ? String(body.password) : 'Gen3rated-Pa55';
    return json(201, { user, signIn: { email, password, url: 'https://acme.portal.localhost/portal/login' } });
  }

  function answer(operation: FakeOperation | 'unknown', method: string, path: string, query: URLSearchParams, body: unknown): Response {
    const userId = /^\/users\/([^/]+)/.exec(path)?.[1];
    const index = users.findIndex((user) => user.id === userId);
    switch (operation) {
      case 'getSession':
        return json(200, { user: currentUser });
      case 'getUsers':
        return json(200, fakeUserPage(users, query));
      case 'addUser':
      case 'tenantAddUser':
        return createUser(body as Body);
      case 'updateUser': {
        const current = users[index];
        if (!current) return problem(404, 'not_found');
        const errors = userFieldErrors(body as Body, false);
        if (errors.length > 0) return problem(400, 'validation_failed', { errors });
        const next = { ...current, ...(body as Partial<User>) };
        users[index] = next;
        return json(200, next);
      }
      case 'deleteUser': {
        if (index < 0) return problem(404, 'not_found');
        const transferTo = query.get('transferTo');
        if (transferTo && !users.some((user) => user.id === transferTo && user.id !== userId && user.status === 'enabled')) {
          return problem(400, 'owner_invalid');
        }
        users.splice(index, 1);
        return json(204, null);
      }
      case 'deleteUserSessions':
        return users[index] ? json(204, null) : problem(404, 'not_found');
      case 'inviteUser': {
        const user = users[index];
        return user ? json(202, { email: user.email, delivery: 'outbox' }) : problem(404, 'not_found');
      }
      case 'startUserImport':
        return importJobs.start(String(body), roomFor, (rows) => {
          for (const { role, ...user } of rows) createUser({ ...user, roles: [role], passwordMode: 'generate' });
        });
      case 'getUserImport':
        return importJobs.progress(/^\/users\/import-jobs\/([^/]+)/.exec(path)?.[1]);
      case 'exportUsers':
        return usersCsvResponse(
          users
            .filter((user) => matches(user, query.get('q')))
            // The server joins a user's roles with ';' (users/import-rows.ts ROLE_SEPARATOR).
            .map((user) => ({ email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.roles.join(';'), status: user.status })),
        );
      case 'getUserRoles':
        return json(200, { items: roles });
      case 'getTenants':
        return json(200, fakePage(tenants.filter((tenant) => !query.get('q') || tenant.name.toLowerCase().includes(query.get('q')!.toLowerCase())), query));
      case 'unknown':
        return problem(404, 'not_found', { detail: `${method} ${path} is not part of the users fake` });
    }
  }

  const fakeFetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    const method = request.method.toUpperCase();
    const text = method === 'GET' || method === 'HEAD' ? '' : await request.text();
    const isJson = request.headers.get('content-type')?.includes('json') ?? false;
    const body: unknown = text === '' ? undefined : isJson ? JSON.parse(text) : text;
    const operation = operationOf(method, path);
    requests.push({ operation, method, path, query: url.searchParams, body });
    if (options.delay) await new Promise((resolve) => setTimeout(resolve, options.delay));
    const failure = operation === 'unknown' ? undefined : failing[operation];
    if (failure) return problem(failure.status, failure.problem?.code ?? 'internal', failure.problem);
    return answer(operation, method, path, url.searchParams, body);
  };

  return {
    baseUrl: `${FAKE_ORIGIN}${BASE_PATH}`,
    fetch: fakeFetch,
    requests,
    requestsOf: (operation) => requests.filter((request) => request.operation === operation),
    users,
    failing,
  };
}

/** Creates the fake and points the shared api-client at it; call before rendering. */
export function installFakeUsersApi(options: FakeUsersApiOptions = {}): FakeUsersApi {
  const fake = createFakeUsersApi(options);
  configureApi({ baseUrl: fake.baseUrl, fetch: fake.fetch });
  return fake;
}
