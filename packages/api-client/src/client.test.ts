// Exercises the wrapped client against a real HTTP server on loopback, as the portal uses it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, ok, readCookie } from './index.ts';

let server: Server;
let baseUrl: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    if (req.url === '/api/v1/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', version: '4.4.0', build: '20231111', database: 'pglite', maintenance: false }));
    } else if (req.url === '/api/v1/auth/logout') {
      res.writeHead(204).end();
    } else if (req.url === '/api/v1/me') {
      res.writeHead(401, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthenticated' }));
    } else {
      res.writeHead(400, { 'content-type': 'application/problem+json', 'x-request-id': 'req-1' });
      res.end(JSON.stringify({ type: 'x', title: 'Bad Request', status: 400, code: 'validation_failed', errors: [{ field: 'email', code: 'invalid_email' }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createApiClient', () => {
  it('returns the typed body of a successful call', async () => {
    const health = await ok(createApiClient({ baseUrl }).GET('/health'));
    expect(health.status).toBe('ok');
  });

  it('turns problem+json into an ApiError with code and field errors', async () => {
    const client = createApiClient({ baseUrl });
    const error = await client.POST('/users', { body: { email: 'x', firstName: 'A', lastName: 'B', roles: ['member'], passwordMode: 'generate' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', requestId: 'req-1' });
    expect((error as ApiError).fieldCodes()).toEqual({ email: 'invalid_email' });
  });

  it('reports a 401 to onUnauthorized and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl, onUnauthorized });
    await expect(client.GET('/me')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends the CSRF token on writes only, and a request id on every call', async () => {
    const client = createApiClient({ baseUrl, csrfToken: () => 'csrf-123' });
    seen.length = 0;
    await ok(client.GET('/health'));
    await ok(client.POST('/auth/logout'));
    expect(seen[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(seen[1]?.headers['x-csrf-token']).toBe('csrf-123');
    expect(seen.every((r) => typeof r.headers['x-request-id'] === 'string')).toBe(true);
  });

  it('maps a network failure to ApiError code network', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1/api/v1' });
    await expect(client.GET('/health')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('sends same-origin credentials by default and the credentials mode it is given', async () => {
    const modes: RequestCredentials[] = [];
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      modes.push(request.credentials);
      return globalThis.fetch(request);
    };
    await ok(createApiClient({ baseUrl, fetch }).GET('/health'));
    await ok(createApiClient({ baseUrl, fetch, credentials: 'include' }).GET('/health'));
    expect(modes).toEqual(['same-origin', 'include']);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('portal_csrf', 'a=1; portal_csrf=abc%3D; b=2')).toBe('abc=');
    expect(readCookie('missing', 'a=1')).toBeUndefined();
  });
});
