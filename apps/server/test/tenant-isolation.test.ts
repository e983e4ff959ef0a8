// Tenant isolation fuzzing (issue 16, section 5): for every operation of the contract that takes an
// id (in its path, query or body), requests generated from the contract's own schemas are sent as
// globex's administrator and member, with every uuid and meeting code drawn from acme's real ids.
// Whatever the request: no 5xx, an answer the contract declares (the harness checks), no success
// on a path naming an acme id, no acme id, code or address in any successful answer, and acme's
// rows byte for byte unchanged. CI runs a few requests per operation; `pnpm fuzz:isolation`
// (ISOLATION_RUNS=10000) runs many and prints the figures, and ISOLATION_SHARD=1/2 and 2/2 split
// that run between two processes.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOwnedTables } from '../src/kernel/db/schema.ts';
import { rowsOf } from '../src/kernel/db/types.ts';
import { listOperations, loadSpec, type OperationSpec } from '../src/kernel/http/openapi.ts';
import { arbitraryFor, type ArbitraryContext } from './fuzz/schema-arbitrary.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { apply, openingOf } from './live-fixtures.ts';
import { addMeeting, meetingBody, weeklyBody } from './meetings-fixtures.ts';

const runs = Number(process.env.ISOLATION_RUNS ?? 4);
const spec = loadSpec();
// Signing out would end the session the next requests use; it takes no id anyway.
const skipped = new Set(['logout']);
// An event stream never ends by itself; live-meetings.test.ts checks whose events it carries.
const streams = (operation: OperationSpec) => Object.values(operation.responses).some((response) => 'text/event-stream' in response.content);
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function mentionsId(node: unknown, seen = new Set<unknown>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const schema = node as Record<string, unknown>;
  if (schema.format === 'uuid') return true;
  if (typeof schema.$ref === 'string') {
    if (schema.$ref.endsWith('/MeetingCode')) return true;
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], spec);
    return mentionsId(target, seen);
  }
  return Object.values(schema).some((value) => mentionsId(value, seen));
}

const takesAnId = (operation: OperationSpec) =>
  operation.parameters.some((parameter) => parameter.in === 'path' || mentionsId(parameter.schema)) || mentionsId(operation.requestBody?.content['application/json']);

const operations = listOperations(spec).filter((operation) => takesAnId(operation) && !skipped.has(operation.operationId) && !streams(operation));

/** ISOLATION_SHARD=k/n: every n-th operation from the k-th, so n processes share a long run. */
function shardOf<T>(items: T[]): T[] {
  const [k, n] = (process.env.ISOLATION_SHARD ?? '1/1').split('/').map(Number) as [number, number];
  return items.filter((_, index) => index % n === k - 1);
}

let server: TestServer;
let acmeId: string;
let context: ArbitraryContext;
/** Everything of acme's that must never appear in an answer to globex. */
let secrets: Set<string>;
let callers: Record<string, TestSession>;
const figures = new Map<string, { requests: number; statuses: Record<number, number> }>();

/** One digest per acme-owned table (and acme's tenant row): equal digests, unchanged rows. */
async function acmeDigest(): Promise<Record<string, string>> {
  return server.database.withPlatform(async (tx) => {
    const digest: Record<string, string> = {};
    for (const table of ['tenants', ...tenantOwnedTables]) {
      const key = table === 'tenants' ? 'id' : 'tenant_id';
      const result = await tx.execute(sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t where ${sql.identifier(key)} = ${acmeId}`);
      digest[table] = rowsOf<{ digest: string }>(result)[0]?.digest ?? '';
    }
    return digest;
  });
}

async function acmeIds(): Promise<{ uuids: string[]; codes: string[]; emails: string[] }> {
  return server.database.withPlatform(async (tx) => {
    const uuids = new Set<string>([acmeId]);
    for (const table of tenantOwnedTables) {
      const result = await tx.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t where tenant_id = ${acmeId}`);
      for (const { row } of rowsOf<{ row: string }>(result)) for (const match of row.matchAll(uuidPattern)) uuids.add(match[0].toLowerCase());
    }
    const codes = rowsOf<{ code: string }>(await tx.execute(sql`select code from meetings where tenant_id = ${acmeId}`)).map((row) => row.code);
    const emails = rowsOf<{ email: string }>(await tx.execute(sql`select email from users where tenant_id = ${acmeId}`)).map((row) => row.email);
    return { uuids: [...uuids], codes, emails };
  });
}

beforeAll(async () => {
  server = await startTestServer();
  acmeId = server.ids.tenants.acme;
  // acme gets meetings (one recurring), a meeting that ran with its participants, and its users, roles and clients from the harness.
  const member = await server.login('acme', userEmail('acme', 'member'));
  const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Acme board' }));
  await addMeeting(server, 'acme', member, weeklyBody(4, { topic: 'Acme weekly' }));
  const setup = { server, superadmin: member, acmeAdmin: member, acmeMember: member, globexAdmin: member, acmeHost: server.ids.users[userEmail('acme', 'member')]!, globexHost: '' };
  await apply(setup, meeting.id, openingOf(setup.acmeHost, Date.now() - 60_000));
  const ids = await acmeIds();
  context = { spec, pool: { uuids: ids.uuids, meetingCodes: ids.codes } };
  secrets = new Set([...ids.uuids, ...ids.codes, ...ids.emails]);
  callers = {
    'globex administrator': await server.login('globex', userEmail('globex', 'tenantadmin')),
    'globex member': await server.login('globex', userEmail('globex', 'member')),
  };
}, 120_000);

afterAll(async () => {
  if (process.env.ISOLATION_RUNS) {
    const rows = [...figures].map(([operationId, { requests, statuses }]) => `${operationId.padEnd(36)} ${String(requests).padStart(7)}  ${JSON.stringify(statuses)}`);
    console.log(`Tenant isolation fuzzing: ${operations.length} operations, ${[...figures.values()].reduce((sum, f) => sum + f.requests, 0)} requests\n${rows.join('\n')}`);
  }
  await server?.close();
});

function requestArbitrary(operation: OperationSpec) {
  const path = fc.record(
    Object.fromEntries(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, arbitraryFor(context, parameter.schema as never)])),
  );
  const query = fc.record(
    Object.fromEntries(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, arbitraryFor(context, parameter.schema as never)])),
    { requiredKeys: operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required).map((parameter) => parameter.name) },
  );
  const jsonBody = operation.requestBody?.content['application/json'];
  const body = jsonBody ? arbitraryFor(context, jsonBody) : fc.constant(undefined);
  return fc.record({ caller: fc.constantFrom(...Object.keys(callers)), path, query, body });
}

function urlOf(operation: OperationSpec, path: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(String(path[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

describe('tenant isolation fuzzing', () => {
  it('covers every operation that takes an id', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(shardOf(operations).map((operation) => [operation.operationId, operation] as const))('%s never reads or changes acme from globex', async (_id, operation) => {
    const before = await acmeDigest();
    const tally = figures.get(operation.operationId) ?? { requests: 0, statuses: {} };
    figures.set(operation.operationId, tally);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operation), async ({ caller, path, query, body }) => {
        const url = urlOf(operation, path, query);
        const response = await server.request('globex', operation.method, url, { session: callers[caller], ...(body === undefined ? {} : { body }) });
        tally.requests += 1;
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
        expect(response.status, `${operation.method} ${url} as ${caller}`).toBeLessThan(500);
        const namesAcme = Object.values(path).some((value) => secrets.has(String(value)));
        if (namesAcme) expect(response.status, `${operation.method} ${url} as ${caller} succeeded on acme's id`).toBeGreaterThanOrEqual(400);
        if (response.status < 300) {
          const leaked = [...response.text.matchAll(uuidPattern)].map((match) => match[0].toLowerCase()).filter((id) => secrets.has(id));
          expect(leaked, `${operation.method} ${url} as ${caller} answered acme's ids`).toEqual([]);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
    expect(await acmeDigest()).toEqual(before);
    // A long run prints each operation as it ends, so a run stopped part way still leaves its figures.
    if (process.env.ISOLATION_RUNS) console.log(`isolation ${operation.operationId}: ${tally.requests} requests ${JSON.stringify(tally.statuses)}`);
  }, 60_000 + runs * 2_000);
});
