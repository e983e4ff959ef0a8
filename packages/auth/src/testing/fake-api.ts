import { configureApi, operationRoutes } from '@portal/api-client';
import type { ApiError, OperationId, operations } from '@portal/api-client';

/** What a fake route answers: a status and a JSON body (problem+json for 4xx/5xx), or a file's text in `contentType`. */
export type FakeReply = { status: number; body?: unknown; contentType?: string };
/** The path parameters of a request, by their names in the contract: `{ webhookId }` for `/webhooks/{webhookId}`. */
export type FakePathParams = Record<string, string>;
/** The path parameters of one operation, as the contract names them. */
export type FakePathParamsOf<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P } ? { [K in keyof P]: string } : Record<string, never>;
export type FakeHandler<Op extends OperationId = OperationId> = FakeReply | ((request: Request, params: FakePathParamsOf<Op>) => FakeReply | Promise<FakeReply>);
/**
 * Keyed by the contract's `operationId`, so the compiler refuses an operation that does not exist:
 * `{ loginUser: json(...), getCurrentUser: problem(401, 'unauthenticated') }`. A handler answers
 * every path of its operation and reads which one from its typed `params`:
 * `deleteWebhookEndpoint: (request, { webhookId }) => ...`.
 */
export type FakeRoutes = { [Op in OperationId]?: FakeHandler<Op> };

/** A handler as the matcher calls it, whichever operation it answers. */
type AnyHandler = FakeReply | ((request: Request, params: FakePathParams) => FakeReply | Promise<FakeReply>);

export type FakeFetch = typeof globalThis.fetch & {
  /** The operation of every request the fake received, in order (`'unknown'` for a path the contract lacks). */
  calls: Array<OperationId | 'unknown'>;
  /** Every request as it was sent, `'METHOD /path'` under /api/v1 with its ids (no query), in the same order. */
  paths: string[];
  /** Parsed JSON bodies of the requests, in the same order (undefined when there was none). */
  bodies: unknown[];
};

const API_PREFIX = '/api/v1';

export function json(body: unknown, status = 200): FakeReply {
  return { status, body };
}

export function problem(status: number, code: string, extra: Record<string, unknown> = {}): FakeReply {
  return { status, body: { type: 'about:blank', title: code, status, code, ...extra } };
}

/** A file answer such as a PDF or CSV download: its text, sent as `contentType`. */
export function file(text: string, contentType: string): FakeReply {
  return { status: 200, body: text, contentType };
}

export function noContent(): FakeReply {
  return { status: 204 };
}

type Template = { operationId: OperationId; method: string; segments: string[] };

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

const templates: Template[] = Object.entries(operationRoutes).map(([operationId, route]) => ({
  operationId: operationId as OperationId,
  method: route.method,
  segments: route.path.split('/').slice(1),
}));

/** Whether `a` is the more specific template: at the first segment where they differ in kind, a literal beats a parameter (as the server's router decides). */
function moreSpecific(a: Template, b: Template): boolean {
  for (let index = 0; index < a.segments.length; index += 1) {
    const aParameter = isParameter(a.segments[index] ?? '');
    const bParameter = isParameter(b.segments[index] ?? '');
    if (aParameter !== bParameter) return bParameter;
  }
  return false;
}

/**
 * The contract's operation a request calls, found by its method and path (under /api/v1) against
 * each operation's path template: a parameter matches one non-empty segment, and a literal segment
 * wins over a parameter (`/users/export` is exportUsers, not getUser with id `export`).
 */
export function operationOf(method: string, path: string): { operationId: OperationId; params: FakePathParams } | undefined {
  const parts = path.split('/').slice(1);
  let found: { template: Template; params: FakePathParams } | undefined;
  for (const template of templates) {
    if (template.method !== method || template.segments.length !== parts.length) continue;
    const params: FakePathParams = {};
    const matches = template.segments.every((segment, index) => {
      const part = parts[index] ?? '';
      if (!isParameter(segment)) return segment === part;
      params[segment.slice(1, -1)] = decodeURIComponent(part);
      return part !== '';
    });
    if (matches && (!found || moreSpecific(template, found.template))) found = { template, params };
  }
  return found && { operationId: found.template.operationId, params: found.params };
}

/**
 * For a fake that routes by hand: which of its own operations (`known`) a request calls, found as
 * `operationOf` finds it, or undefined for any other request (the fake passes it on or answers 404).
 * `known` must be the contract's operationIds, so a fake cannot name an operation that does not exist.
 */
export function operationAmong<const Known extends OperationId>(known: readonly Known[], method: string, path: string): Known | undefined {
  const found = operationOf(method, path)?.operationId;
  return known.find((operationId) => operationId === found);
}

async function replyOf(handler: AnyHandler | undefined, request: Request, params: FakePathParams): Promise<FakeReply> {
  if (handler === undefined) return problem(404, 'not_found');
  return typeof handler === 'function' ? handler(request, params) : handler;
}

/**
 * A table that describes the signed-in user as `getCurrentUser` (GET /me) also answers
 * `getSession` (GET /session) the way the server does: the same user, or `{ user: null }` where
 * /me would answer 401.
 */
async function answer(routes: FakeRoutes, operationId: OperationId, request: Request, params: FakePathParams): Promise<FakeReply> {
  if (operationId !== 'getSession' || routes.getSession !== undefined || routes.getCurrentUser === undefined) return replyOf(routes[operationId] as AnyHandler | undefined, request, params);
  const me = await replyOf(routes.getCurrentUser as AnyHandler, request, params);
  if (me.status === 200) return json({ user: me.body });
  return me.status === 401 ? json({ user: null }) : me;
}

/**
 * A `fetch` that answers the portal API from a table instead of the network, for component
 * tests and stories. An operation without a handler (and a path no operation has) answers 404
 * `not_found`, so a missing fixture shows up as a visible failure rather than a hang.
 */
export function createFakeFetch(routes: FakeRoutes): FakeFetch {
  const calls: Array<OperationId | 'unknown'> = [];
  const paths: string[] = [];
  const bodies: unknown[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const operation = operationOf(request.method, path);
    // The body's slot is taken with the call's, before reading it: requests made meanwhile (a
    // page's GETs while a POST's body is read) must not shift `bodies` against `calls`.
    const slot = calls.push(operation?.operationId ?? 'unknown') - 1;
    paths.push(`${request.method} ${path}`);
    bodies.push(undefined);
    const text = request.body ? await request.clone().text() : '';
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      // A raw (non-JSON) body such as an uploaded image is recorded as its text.
      body = text;
    }
    bodies[slot] = body;
    const reply = operation ? await answer(routes, operation.operationId, request, operation.params) : problem(404, 'not_found');
    if (reply.status === 204 || reply.body === undefined) return new Response(null, { status: reply.status });
    if (reply.contentType) return new Response(String(reply.body), { status: reply.status, headers: { 'content-type': reply.contentType } });
    const contentType = reply.status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': contentType } });
  };
  return Object.assign(fakeFetch, { calls, paths, bodies });
}

/**
 * Points the shared API client at a fake. The base url is absolute because jsdom's `Request`
 * cannot resolve a relative one.
 */
export function installFakeApi(routes: FakeRoutes, onUnauthorized?: (error: ApiError) => void): FakeFetch {
  const fakeFetch = createFakeFetch(routes);
  configureApi({ baseUrl: `${window.location.origin}${API_PREFIX}`, fetch: fakeFetch, onUnauthorized });
  return fakeFetch;
}
