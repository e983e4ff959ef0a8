// CSV import of users as a job (startUserImport / getUserImport): the request only queues the file,
// the job queue reads, checks and creates the rows, and the progress it commits as it goes (rows
// read, created, refused) is what the import dialog polls. Over real HTTP on PGlite.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let admin: TestSession;
let member: TestSession;
let globexAdmin: TestSession;
let superadmin: TestSession;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('acme', userEmail('acme', 'admin'));
  member = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
});

afterAll(async () => {
  await server?.close();
});

type UserImport = { id: string; status: string; totalRows: number | null; readRows: number; createdRows: number; refusedRows: number; rowErrors: { row: number; field: string; code: string }[]; errorCode: string | null; finishedAt: string | null };

const start = (csv: string, session: TestSession = admin) => server.request('acme', 'POST', '/users/import-jobs', { session, rawBody: csv, contentType: 'text/csv' });
const progress = async (id: string, session: TestSession = admin) => {
  const res = await server.request('acme', 'GET', `/users/import-jobs/${id}`, { session });
  expect(res.status, res.text).toBe(200);
  server.expectMatchesSpec('getUserImport', 200, res.body);
  return res.body as UserImport;
};

function fileOf(count: number, prefix: string, extra: string[] = []) {
  const rows = ['email,firstName,lastName,role'];
  for (let i = 0; i < count; i++) rows.push(`${prefix}${i}@acme.test,Ann,Lee,member`);
  return [...rows, ...extra].join('\n');
}

const acmeUsersLike = (pattern: string) => server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select({ id: users.id }).from(users).where(like(users.email, pattern)));

describe('user import as a job', () => {
  it('queues a large file, then shows rows read and created growing while the job runs, until done', async () => {
    const res = await start(fileOf(2000, 'bulk'));
    expect(res.status, res.text).toBe(202);
    server.expectMatchesSpec('startUserImport', 202, res.body);
    expect(res.body).toMatchObject({ status: 'queued', totalRows: null, readRows: 0, createdRows: 0, refusedRows: 0, finishedAt: null });
    const id = (res.body as UserImport).id;

    const seen: UserImport[] = [];
    let finished = false;
    const running = server.app.jobs.runDue().finally(() => (finished = true));
    while (!finished) seen.push(await progress(id));
    await running;
    const last = await progress(id);
    expect(last).toMatchObject({ status: 'done', totalRows: 2000, readRows: 2000, createdRows: 2000, refusedRows: 0, rowErrors: [], errorCode: null });
    expect(last.finishedAt).not.toBeNull();
    // Somewhere between: the dialog had something to show before the end.
    expect(seen.some((state) => state.status === 'creating' && state.createdRows > 0 && state.createdRows < 2000)).toBe(true);
    expect(seen.map((state) => state.createdRows)).toEqual([...seen.map((state) => state.createdRows)].sort((a, b) => a - b));
    expect(await acmeUsersLike('bulk%')).toHaveLength(2000);
  });

  it('refuses a file with bad rows whole: every row read, the bad ones counted and named, no one created', async () => {
    const res = await start(fileOf(30, 'partly', ['partly-bad,Ann,Lee,member', 'member@acme.test,Ann,Lee,member']));
    expect(res.status, res.text).toBe(202);
    await server.app.jobs.runDue();
    const state = await progress((res.body as UserImport).id);
    expect(state).toMatchObject({ status: 'refused', totalRows: 32, readRows: 32, createdRows: 0, refusedRows: 2 });
    expect(state.rowErrors).toEqual([
      { row: 32, field: 'email', code: 'invalid_email' },
      { row: 33, field: 'email', code: 'email_exists' },
    ]);
    expect(await acmeUsersLike('partly%')).toEqual([]);
  });

  it('imports into another tenant for the super administrator, and shows an import to its own tenant only', async () => {
    const globex = server.ids.tenants.globex;
    const res = await server.request('system', 'POST', `/tenants/${globex}/users/import-jobs`, { session: superadmin, rawBody: 'email,firstName,lastName,role\njob.one@globex.test,Tia,One,member\n', contentType: 'text/csv' });
    expect(res.status, res.text).toBe(202);
    await server.app.jobs.runDue();
    const id = (res.body as UserImport).id;
    const state = await server.request('system', 'GET', `/tenants/${globex}/users/import-jobs/${id}`, { session: superadmin });
    expect(state.status, state.text).toBe(200);
    expect(state.body).toMatchObject({ status: 'done', createdRows: 1 });
    expect((await server.request('acme', 'GET', `/users/import-jobs/${id}`, { session: admin })).status).toBe(404);
    expect((await server.request('globex', 'GET', `/users/import-jobs/${id}`, { session: globexAdmin })).status).toBe(200);
  });

  it('answers 403 to a role without user.put, 413 over 1 MB, 404 for an unknown import and 400 for a malformed id', async () => {
    expect((await start(fileOf(1, 'nope'), member)).status).toBe(403);
    const big = await start(`email,firstName,lastName,role\n${'x'.repeat(1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('file_too_large');
    expect((await server.request('acme', 'GET', '/users/import-jobs/00000000-0000-4000-8000-000000000000', { session: admin })).status).toBe(404);
    expect((await server.request('acme', 'GET', '/users/import-jobs/nope', { session: admin })).status).toBe(400);
  });
});
