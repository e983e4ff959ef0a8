// Every answer's status is one its operation declares (issue 16, section 1): the harness refuses any
// other for every request of every test; here every operation is sent what the shared request
// handling refuses (malformed path parameters, an unknown tenant's address, a 20 KB query string),
// generated from the contract's own operation list.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type OperationSpec, type ParameterSpec } from '../src/kernel/http/openapi.ts';
import { startTestServer, userEmail, type TestResponse, type TestServer, type TestSession } from './harness.ts';

const operations = listOperations(loadSpec());
const withPathParameters = operations.filter((operation) => operation.parameters.some((parameter) => parameter.in === 'path'));

/** Path parameter values no operation takes: not ids, NUL, SQL, traversal, too long, wrong case of a uuid's hex. */
const malformed = [
  'not-an-id',
  '0',
  encodeURIComponent("1' or '1'='1"),
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  encodeURIComponent('\u202e\u2713'),
  '00000000-0000-0000-0000-00000000000g',
];

/** A well-formed value for the parameters not under test, so only one is malformed at a time. */
function wellFormed(parameter: ParameterSpec): string {
  const schema = parameter.schema as { format?: string; enum?: string[]; $ref?: string };
  if (schema.format === 'uuid') return randomUUID();
  if (schema.enum?.[0]) return schema.enum[0];
  return 'sample';
}

function pathOf(operation: OperationSpec, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => values[name] ?? 'sample');
}

function send(server: TestServer, tenant: string, operation: OperationSpec, path: string, session?: TestSession, host?: string): Promise<TestResponse> {
  const body = operation.requestBody ? {} : undefined;
  return server.request(tenant, operation.method, path, { ...(body ? { body } : {}), ...(session ? { session } : {}), ...(host ? { host } : {}) });
}

let server: TestServer;
let sessions: Record<string, TestSession>;
beforeAll(async () => {
  server = await startTestServer();
  sessions = {
    'the super administrator': await server.login('system', userEmail('system', 'superadmin')),
    "a tenant's administrator": await server.login('acme', userEmail('acme', 'admin')),
  };
});
afterAll(async () => {
  await server?.close();
});

describe('malformed path parameters', () => {
  it('covers every operation with a path parameter', () => {
    expect(withPathParameters.length).toBeGreaterThan(40);
  });

  for (const operation of withPathParameters) {
    it(`${operation.operationId} (${operation.method} ${operation.path}) answers a declared 4xx`, async () => {
      const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
      for (const [who, session] of Object.entries(sessions)) {
        const tenant = who === 'the super administrator' ? 'system' : 'acme';
        for (const parameter of pathParameters) {
          for (const value of malformed) {
            const values = Object.fromEntries(pathParameters.map((other) => [other.name, other === parameter ? value : wellFormed(other)]));
            // The harness throws on a status the operation does not declare, or a body that does not match it.
            const response = await send(server, tenant, operation, pathOf(operation, values), session);
            expect(response.status, `${who}: ${parameter.name}=${value}`).toBeGreaterThanOrEqual(400);
            expect(response.status, `${who}: ${parameter.name}=${value}`).toBeLessThan(500);
          }
        }
      }
    });
  }
});

describe('what every operation can answer before its handler runs', () => {
  const samplePath = (operation: OperationSpec) =>
    pathOf(operation, Object.fromEntries(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, wellFormed(parameter)])));

  it("answers an address no tenant is served at with a declared status (404, except where no tenant is needed)", async () => {
    for (const operation of operations) {
      const response = await send(server, 'nowhere', operation, samplePath(operation), undefined, `nowhere.portal.test:${server.port}`);
      if (['getHealth', 'getLiveness', 'getReadiness'].includes(operation.operationId) || operation.operationId === 'ingestMediaEvents' || operation.operationId === 'messages') continue;
      expect(response.status, operation.operationId).toBe(404);
      expect(response.body.code, operation.operationId).toBe('not_found');
    }
  });

  it('answers a 20 KB query string with a declared 431 problem', async () => {
    const query = `?state=${'a'.repeat(20_000)}`;
    for (const operation of operations) {
      const response = await send(server, 'acme', operation, `${samplePath(operation)}${query}`);
      expect(response.status, operation.operationId).toBe(431);
      expect(response.headers['content-type'], operation.operationId).toMatch(/^application\/problem\+json/);
      expect(response.body.code, operation.operationId).toBe('headers_too_large');
    }
  });

  it('answers in maintenance mode with a declared status: 503 maintenance, except what stays open', async () => {
    const open = new Set(['getHealth', 'getLiveness', 'getReadiness', 'getTenantInfo', 'getBrandImage', 'authProviderCallback', 'ingestMediaEvents', 'messages']);
    const superadmin = sessions['the super administrator']!;
    const saveMaintenance = async (maintenanceMode: boolean) => {
      const body = { publicUrl: null, supportEmail: null, defaultLanguage: 'en', maintenanceMode };
      expect((await server.request('system', 'PUT', '/settings/system', { session: superadmin, body })).status).toBe(200);
    };
    await saveMaintenance(true);
    try {
      for (const operation of operations) {
        const response = await send(server, 'acme', operation, samplePath(operation), sessions["a tenant's administrator"]);
        if (open.has(operation.operationId)) continue;
        expect(response.status, operation.operationId).toBe(503);
        expect(response.body.code, operation.operationId).toBe('maintenance');
      }
    } finally {
      await saveMaintenance(false);
    }
  });

  it('answers a request Node cannot parse with a 400 problem, not Fastify\u2019s plain JSON', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('lets a 10 KB provider callback through to the operation, which redirects', async () => {
    const response = await server.request('acme', 'GET', `/auth/providers/callback?state=${'a'.repeat(4_000)}&code=${'b'.repeat(4_000)}`);
    expect(response.status).toBe(302);
  });
});
