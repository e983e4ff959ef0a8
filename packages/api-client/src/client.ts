// The one wrapped openapi-fetch client. Features never call fetch: they use this client, which
// sends cookies, a request id and the CSRF token, turns every non-2xx answer into an ApiError,
// and reports 401s so the portal can return to login.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import type { paths } from '@portal/contract';

export type ApiClient = Client<paths>;

export type ApiClientOptions = {
  /** Where the API is: `/api/v1` (same origin, the default) or a full URL such as `https://portal.example.com/api/v1`. */
  baseUrl?: string;
  /**
   * Whether cookies go with each request: `same-origin` (the default) for an app served by the
   * portal; `include` for an app on another origin, which the portal must list in its allowed
   * origins (CORS); `omit` to send none.
   */
  credentials?: RequestCredentials;
  /** Called on any 401 answer (session missing or expired). */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
  /** Reads the CSRF token; defaults to the `portal_csrf` cookie. */
  csrfToken?: () => string | undefined;
};

export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function newRequestId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What a response check sees: the contract's path template (`/users/{userId}`), the answer and its JSON body. */
export type CheckedResponse = { method: string; schemaPath: string; status: number; contentType: string; body: unknown };

let responseCheck: ((response: CheckedResponse) => void) | null = null;

/**
 * For tests: every client created afterwards shows each JSON answer to `check` before using it.
 * The shared test setup checks them against the contract, so a fake cannot answer a shape the
 * server never sends. Never set in the portal.
 */
export function setResponseCheck(check: ((response: CheckedResponse) => void) | null): void {
  responseCheck = check;
}

async function reportResponse(check: (response: CheckedResponse) => void, method: string, schemaPath: string, response: Response) {
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const text = await response.clone().text();
  // JSON is checked parsed; a CSV, PDF or other file as its text (the contract says `type: string`).
  const body = !text ? undefined : contentType.endsWith('json') ? (JSON.parse(text) as unknown) : text;
  check({ method, schemaPath, status: response.status, contentType, body });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '/api/v1',
    credentials: options.credentials ?? 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const csrfToken = options.csrfToken ?? (() => readCookie(CSRF_COOKIE));

  const middleware: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-Request-Id', newRequestId());
      if (!SAFE_METHODS.has(request.method)) {
        const token = csrfToken();
        if (token) request.headers.set(CSRF_HEADER, token);
      }
      return request;
    },
    async onResponse({ request, schemaPath, response }) {
      const check = responseCheck;
      if (check) await reportResponse(check, request.method, schemaPath, response);
      if (response.ok) return response;
      const error = await ApiError.fromResponse(response);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      return new ApiError(0, { code: 'network', detail: error instanceof Error ? error.message : String(error) });
    },
  };
  client.use(middleware);
  return client;
}

/** Unwraps an openapi-fetch result whose errors were already thrown by the middleware. */
export async function ok<T>(result: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await result;
  // 204 and other bodiless answers have no data: callers of such operations expect undefined.
  return (response.status === 204 ? undefined : data) as T;
}
