// The answers an in-memory API fake builds behind the real api-client: JSON, problem+json errors
// with optional field errors, and the hookup sending every api-client request to the fake.
import { configureApi } from '@portal/api-client';

export const jsonResponse = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

export const problemResponse = (status: number, code: string, errors?: Array<{ field: string; code: string }>, extra: Record<string, unknown> = {}) =>
  jsonResponse(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}), ...extra });

/** Makes the api-client send every request to `handle` (at this page's origin, or portal.test outside a browser). */
export function answerApiWith(handle: (request: Request) => Promise<Response>): void {
  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
}
