import { configureApi } from '@portal/api-client';
import type { ApiError } from '@portal/api-client';

/** What a fake route answers: a status and a JSON body (problem+json for 4xx/5xx), or a file's text in `contentType`. */
export type FakeReply = { status: number; body?: unknown; contentType?: string };
export type FakeHandler = FakeReply | ((request: Request) => FakeReply | Promise<FakeReply>);
/** Keyed by method and path under /api/v1: `'POST /auth/login'`. */
export type FakeRoutes = Record<string, FakeHandler>;

export type FakeFetch = typeof globalThis.fetch & {
  /** Every request the fake received, in order, as `'METHOD /path'`. */
  calls: string[];
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

async function replyOf(handler: FakeHandler | undefined, request: Request): Promise<FakeReply> {
  if (handler === undefined) return problem(404, 'not_found');
  return typeof handler === 'function' ? handler(request) : handler;
}

/**
 * A table that describes the signed-in user as `GET /me` also answers `GET /session` the way the
 * server does: the same user, or `{ user: null }` where /me would answer 401.
 */
async function answer(routes: FakeRoutes, key: string, request: Request): Promise<FakeReply> {
  if (key !== 'GET /session' || routes[key] !== undefined || routes['GET /me'] === undefined) return replyOf(routes[key], request);
  const me = await replyOf(routes['GET /me'], request);
  if (me.status === 200) return json({ user: me.body });
  return me.status === 401 ? json({ user: null }) : me;
}

/**
 * A `fetch` that answers the portal API from a table instead of the network, for component
 * tests and stories. Unknown routes answer 404 `not_found`, so a missing fixture shows up as a
 * visible failure rather than a hang.
 */
export function createFakeFetch(routes: FakeRoutes): FakeFetch {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const key = `${request.method} ${path}`;
    // The body's slot is taken with the call's, before reading it: requests made meanwhile (a
    // page's GETs while a POST's body is read) must not shift `bodies` against `calls`.
    const slot = calls.push(key) - 1;
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
    const reply = await answer(routes, key, request);
    if (reply.status === 204 || reply.body === undefined) return new Response(null, { status: reply.status });
    if (reply.contentType) return new Response(String(reply.body), { status: reply.status, headers: { 'content-type': reply.contentType } });
    const contentType = reply.status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': contentType } });
  };
  return Object.assign(fakeFetch, { calls, bodies });
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
