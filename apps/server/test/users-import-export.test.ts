// CSV import (all rows or none) and export (import format, formula-safe) over real HTTP.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/kernel/db/schema.ts';
import { parseCsv } from '../src/kernel/csv.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let admin: TestSession;
let member: TestSession;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('acme', userEmail('acme', 'admin'));
  member = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

const importCsv = (csv: string | Buffer, session: TestSession | undefined = admin) =>
  server.request('acme', 'POST', '/users/import', { session, rawBody: csv, contentType: 'text/csv' });

async function acmeUsersLike(pattern: string) {
  const acme = server.ids.tenants.acme;
  return server.database.withTenant(acme, (tx) => tx.select().from(users).where(like(users.email, pattern)));
}

describe('importUsers', () => {
  it('creates every row, with roles, no usable password and a forced change', async () => {
    const csv = '\uFEFFEmail,FirstName,LastName,Role\r\nimp.one@acme.test,Zoë,"O\'Neil",member\r\nIMP.TWO@acme.test,Jean-Luc,Picard,admin;member\r\n';
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2 });
    const listed = await server.request('acme', 'GET', '/users?q=imp.&sort=email', { session: admin });
    expect(listed.body.items).toEqual([
      expect.objectContaining({ email: 'imp.one@acme.test', firstName: 'Zoë', lastName: "O'Neil", roles: ['member'], changePasswordOnSignIn: true }),
      expect.objectContaining({ email: 'imp.two@acme.test', roles: ['admin', 'member'] }),
    ]);
    const [row] = await acmeUsersLike('imp.one@%');
    expect(row!.passwordHash).toBeNull();
  });

  it('rejects the whole file when one row is bad, naming the row, and writes nothing', async () => {
    const rows = ['email,firstName,lastName,role'];
    for (let i = 0; i < 20; i++) rows.push(`batch${i}@acme.test,Ann,Lee,member`);
    rows.push('batch-bad@acme.test,Ann,Lee,superadmin');
    const res = await importCsv(rows.join('\n'));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('import_invalid');
    expect(res.body.rowErrors).toEqual([{ row: 22, field: 'role', code: 'invalid_role' }]);
    expect(await acmeUsersLike('batch%')).toEqual([]);
  });

  it('collects the errors of every row, including emails already taken', async () => {
    const csv = [
      'email,firstName,lastName,role',
      'member@acme.test,Ann,Lee,member',
      'fresh@acme.test,Ann,Lee,member',
      'fresh@acme.test,4nn,Lee,member',
      'bad-email,Ann,,member',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(422);
    expect(res.body.rowErrors).toEqual([
      { row: 2, field: 'email', code: 'email_exists' },
      { row: 4, field: 'email', code: 'duplicate_email' },
      { row: 4, field: 'firstName', code: 'invalid_first_name' },
      { row: 5, field: 'email', code: 'invalid_email' },
      { row: 5, field: 'lastName', code: 'required' },
    ]);
    expect(await acmeUsersLike('fresh@%')).toEqual([]);
  });

  it('reports unknown and missing columns on row 1', async () => {
    const res = await importCsv('mail,firstName,lastName,role\nx@acme.test,A,B,member\n');
    expect(res.status).toBe(422);
    expect(res.body.rowErrors).toEqual([
      { row: 1, field: 'mail', code: 'unknown_column' },
      { row: 1, field: 'email', code: 'required' },
    ]);
  });

  it('answers 413 file_too_large above 1 MB', async () => {
    const line = 'big@acme.test,Ann,Lee,member\n';
    const csv = `email,firstName,lastName,role\n${line.repeat(Math.ceil((1024 * 1024) / line.length) + 1)}`;
    const res = await importCsv(csv);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
  });

  it('answers 401 and 403', async () => {
    const csv = 'email,firstName,lastName,role\nnope@acme.test,Ann,Lee,member\n';
    expect((await server.request('acme', 'POST', '/users/import', { rawBody: csv, contentType: 'text/csv' })).status).toBe(401);
    expect((await importCsv(csv, member)).status).toBe(403);
  });
});

describe('exportUsers', () => {
  it('answers the tenant users as an attachment in import format', async () => {
    const res = await server.request('acme', 'GET', '/users/export', { session: admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const { records } = parseCsv(res.text);
    expect(records[0]!.cells).toEqual(['email', 'firstName', 'lastName', 'role', 'status']);
    const emails = records.slice(1).map((r) => r.cells[0]);
    expect(emails).toContain('admin@acme.test');
    expect(emails).toEqual([...emails].sort());
    expect(emails.some((e) => e?.endsWith('@globex.test'))).toBe(false);
    expect(records.find((r) => r.cells[0] === 'disabled@acme.test')!.cells).toEqual(['disabled@acme.test', 'Dora', 'Disabled', 'member', 'disabled']);
  });

  it('neutralises cells a spreadsheet would run as formulas, and imports back', async () => {
    const created = await server.request('acme', 'POST', '/users', {
      session: admin,
      body: { email: '=1+2@acme.test', firstName: 'Formula', lastName: 'Cell', roles: ['member'], passwordMode: 'generate' },
    });
    expect(created.status).toBe(201);
    const res = await server.request('acme', 'GET', '/users/export?q=formula', { session: admin });
    expect(res.text).toContain("\r\n'=1+2@acme.test,Formula,Cell,member,enabled\r\n");
    expect(res.text).not.toMatch(/(^|\n)=/);

    const acme = server.ids.tenants.acme;
    await server.database.withTenant(acme, (tx) => tx.delete(users).where(eq(users.email, '=1+2@acme.test')));
    const back = await importCsv(res.text);
    expect(back.body).toEqual({ created: 1 });
    expect(await acmeUsersLike('=1+2@%')).toHaveLength(1);
  });

  it('pages through a tenant larger than one export page', async () => {
    const tenantId = server.ids.tenants.globex;
    await server.database.withTenant(tenantId, (tx) =>
      tx.insert(users).values(Array.from({ length: 2100 }, (_, i) => ({ tenantId, email: `bulk${i}@globex.test`, firstName: 'Bulk', lastName: 'User' }))),
    );
    const globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    const res = await server.request('globex', 'GET', '/users/export?q=bulk', { session: globexAdmin });
    const rows = parseCsv(res.text).records.slice(1);
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((r) => r.cells[0])).size).toBe(2100);
  });

  it('refuses a NUL in the search text before the file starts', async () => {
    const res = await server.request('acme', 'GET', '/users/export?q=%00', { session: admin });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'q', code: 'invalid_value' })]);
  });

  it('answers 401 and 403', async () => {
    expect((await server.request('acme', 'GET', '/users/export')).status).toBe(401);
    expect((await server.request('acme', 'GET', '/users/export', { session: member })).status).toBe(403);
  });
});
