import { configureApi } from '@portal/api-client';
import type { ApiError } from '@portal/api-client';

/** What a fake route answers: a status and a JSON body (problem+json for 4xx/5xx). */
export type FakeReply = { status: number; body?: unknown };
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

export function noContent(): FakeReply {
  return { status: 204 };
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
    calls.push(key);
    const text = request.body ? await request.clone().text() : '';
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      // A raw (non-JSON) body such as an uploaded image is recorded as its text.
      body = text;
    }
    bodies.push(body);
    const handler = routes[key];
    const reply = handler === undefined ? problem(404, 'not_found') : typeof handler === 'function' ? await handler(request) : handler;
    if (reply.status === 204 || reply.body === undefined) return new Response(null, { status: reply.status });
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
