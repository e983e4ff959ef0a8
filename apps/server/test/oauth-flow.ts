// Raw HTTP to the authorization server (/oidc) as a browser or a client's server would send it: the
// provider reads its own bodies and answers redirects and cookies, which the harness's JSON requests
// do not model. Shared by the authorization-server, Google add-on and Slack consent tests.
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { TestServer } from './harness.ts';

export type Answer = { status: number; headers: IncomingHttpHeaders; text: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read the provider's answers

export const hostOf = (server: TestServer, tenant: string) => `${tenant}.portal.test:${server.port}`;
export const originOf = (server: TestServer, tenant: string) => `http://${hostOf(server, tenant)}`;

export function send(server: TestServer, tenant: string, method: string, path: string, options: { headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<Answer> {
  const payload = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = { host: hostOf(server, tenant), ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The browser's cookie jar after `headers` set theirs. */
export function cookieHeader(headers: IncomingHttpHeaders, previous = ''): string {
  const jar = new Map(previous.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  for (const line of headers['set-cookie'] ?? []) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
