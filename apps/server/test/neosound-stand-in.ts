// A local stand-in for Neosound's API with the contract src/apps/neosound/client.ts assumes:
// accounts (idempotent by externalId), one-time login links, and streamed file uploads, each
// checked against the one API key it is given. Tests read what it received; `failNext` makes the
// next call answer an error (or close the connection) to test the portal's 502.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInAccount = { id: string; externalId: string; email: string; name: string };
export type StandInFile = { id: string; accountId: string; name: string; contentType: string; bytes: Buffer; chunks: number };

export type NeosoundStandIn = {
  /** Base URL for NEOSOUND_BASE_URL (ends with a slash). */
  url: string;
  accounts: StandInAccount[];
  files: StandInFile[];
  logins: string[];
  /** The next call answers `status` with an error body; 0 destroys the connection instead. */
  failNext: (status: number) => void;
  close: () => Promise<void>;
};

export async function startNeosoundStandIn(apiKey: string): Promise<NeosoundStandIn> {
  const accounts: StandInAccount[] = [];
  const files: StandInFile[] = [];
  const logins: string[] = [];
  let failing: number | null = null;
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), chunks: chunks.length };
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const { bytes, chunks } = await read(request);
      if (failing !== null) {
        const status = failing;
        failing = null;
        if (status === 0) return request.socket.destroy();
        return answer(response, status, { error: { code: 'unavailable', message: 'Neosound is down for maintenance' } });
      }
      // For end-to-end specs in another process: what was received (names and sizes only).
      if (request.method === 'GET' && url.pathname === '/_received') return answer(response, 200, { accounts: accounts.length, files: files.map((file) => ({ name: file.name, bytes: file.bytes.length })) });
      if (request.headers.authorization !== `Bearer ${apiKey}`) return answer(response, 401, { error: { code: 'invalid_api_key', message: 'Invalid API key' } });
      if (request.method === 'POST' && url.pathname === '/v1/accounts') {
        const body = JSON.parse(bytes.toString() || '{}') as Partial<StandInAccount>;
        if (!body.externalId || !body.email) return answer(response, 422, { error: { code: 'invalid', message: 'externalId and email are required' } });
        const found = accounts.find((account) => account.externalId === body.externalId);
        if (found) return answer(response, 200, { id: found.id });
        const account = { id: `acc_${randomUUID()}`, externalId: body.externalId, email: body.email, name: body.name ?? '' };
        accounts.push(account);
        return answer(response, 201, { id: account.id });
      }
      const login = /^\/v1\/accounts\/([^/]+)\/login-links$/.exec(url.pathname);
      if (request.method === 'POST' && login) {
        if (!accounts.some((account) => account.id === login[1])) return answer(response, 404, { error: { code: 'not_found', message: 'No such account' } });
        logins.push(login[1]!);
        return answer(response, 201, { url: `https://app.neosound.test/login/${randomUUID()}` });
      }
      const upload = /^\/v1\/accounts\/([^/]+)\/files$/.exec(url.pathname);
      if (request.method === 'POST' && upload) {
        if (!accounts.some((account) => account.id === upload[1])) return answer(response, 404, { error: { code: 'not_found', message: 'No such account' } });
        if (Number(request.headers['content-length']) !== bytes.length) return answer(response, 400, { error: { code: 'length', message: 'Content-Length mismatch' } });
        const file = { id: `file_${randomUUID()}`, accountId: upload[1]!, name: url.searchParams.get('name') ?? '', contentType: request.headers['content-type'] ?? '', bytes, chunks };
        files.push(file);
        return answer(response, 201, { id: file.id, url: `https://app.neosound.test/files/${file.id}` });
      }
      return answer(response, 404, { error: { code: 'not_found', message: 'Unknown call' } });
    })();
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    url: `http://127.0.0.1:${port}/`,
    accounts,
    files,
    logins,
    failNext: (status) => (failing = status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
