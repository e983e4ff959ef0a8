// `main.ts --backup <dir>` / `--restore <dir>` (root `npm run backup` / `npm run restore`; issue 29 §3):
// a server's data made through the API (a user, a meeting, an uploaded recording with its file,
// an invoice, an identity provider's sealed client secret) comes back in a second server started
// on the restore, in a new data directory (PGlite) or a new database (PostgreSQL, vitest.pg.config.ts):
// the same users sign in, the recording's file downloads with the same bytes, the secret opens.
// Restore refuses a target that is not empty; a PGlite backup refuses a directory a server holds.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authProviders } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const main = fileURLToPath(new URL('../src/app/main.ts', import.meta.url));
const temporary: string[] = [];
const newDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `portal-backup-${name}-`));
  temporary.push(dir);
  return dir;
};

/** The command as an operator runs it, in its own process, on the given DATA_DIR and database. */
function cli(flag: '--backup' | '--restore', path: string, target: { dataDir: string; databaseUrl: string | null }): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--conditions=@portal/source', main, flag, path], {
    env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', PORTAL_SECRET_KEY: '', S3_BUCKET: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** A GET whose answer is read as bytes (the harness reads answers as text). */
function download(server: TestServer, path: string, session: TestSession): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path: `/api/v1${path}`, headers: { host: `acme.portal.test:${server.port}`, cookie: session.cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A WebM-looking file (its EBML header with DocType webm, then noise), as a browser's recorder uploads one. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]), randomBytes(64 * 1024)]);
const ssoSecret = `Sealed-${randomBytes(8).toString('hex')}`;
const made: Record<string, string> = {};
let acmeUsers: string[] = [];

/** Every user id of acme, as its tenant administrator lists them. */
async function userIds(server: TestServer, session: TestSession): Promise<string[]> {
  const users = await server.request('acme', 'GET', '/users?limit=100', { session });
  expect(users.status, users.text).toBe(200);
  return users.body.items.map((item: { id: string }) => item.id).sort();
}

let first: TestServer;
let second: TestServer | undefined;
let backupDir: string;
let restored: { dataDir: string; databaseUrl: string | null };
let dropRestored = async () => {};

/** A new empty database on the test's PostgreSQL server (null on PGlite). */
async function emptyDatabase(): Promise<string | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `portal_restore_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  dropRestored = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function makeData(server: TestServer) {
  const acme = (session: TestSession, method: string, path: string, body?: unknown) => server.request('acme', method, path, { session, ...(body === undefined ? {} : { body }) });
  const tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  const member = await server.login('acme', userEmail('acme', 'member'));
  const superadmin = await server.login('system', userEmail('system', 'superadmin'));

  const user = await acme(tenantAdmin, 'POST', '/users', { email: 'restored@acme.test', firstName: 'Rhea', lastName: 'Stored', roles: ['member'], passwordMode: 'manual', password: 'Secret12' });
  expect(user.status, user.text).toBe(201);
  made.user = user.body.user.id;
  acmeUsers = await userIds(server, tenantAdmin);
  expect(acmeUsers).toContain(made.user);

  const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Backed-up sync' }));
  made.meeting = meeting.id;

  const metadata = { topic: 'Backed-up sync', recordedAt: '2026-11-20T09:30:00.000Z', computerName: 'LAPTOP-RHEA', meetingId: meeting.meetingId, filename: 'sync.webm' };
  const upload = await server.request('acme', 'POST', '/recordings/uploads', {
    session: member,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(webm.length), 'upload-metadata': Object.entries(metadata).map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`).join(',') },
  });
  expect(upload.status, upload.text).toBe(201);
  const sent = await server.request('acme', 'PATCH', String(upload.headers.location), {
    session: member,
    rawBody: webm,
    contentType: 'application/offset+octet-stream',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
  });
  expect(sent.status, sent.text).toBe(204);
  made.recording = String(sent.headers['recording-id']);

  const product = await server.request('system', 'POST', '/products', { session: superadmin, body: { name: 'Meetings', isBundle: false } });
  expect(product.status, product.text).toBe(201);
  const plan = await server.request('system', 'POST', '/plans', {
    session: superadmin,
    body: { name: 'Business', productId: product.body.id, minUsers: 1, maxUsers: 50, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_200 }] },
  });
  expect(plan.status, plan.text).toBe(201);
  const billing = await server.login('acme', userEmail('acme', 'accountadmin'));
  const bought = await acme(billing, 'POST', '/billing/purchases', { planId: plan.body.id, licenses: 3, billingCycle: 'monthly', currency: 'USD', bundlePlanIds: [] });
  expect(bought.status, bought.text).toBe(201);
  made.invoice = bought.body.invoice.id;

  const admin = await server.login('acme', userEmail('acme', 'admin'));
  const provider = await acme(admin, 'POST', '/tenant/sso', { name: 'Restored ID', issuer: 'https://id.example.com', clientId: 'restored', clientSecret: ssoSecret });
  expect(provider.status, provider.text).toBe(201);
  made.provider = provider.body.id;
}

beforeAll(async () => {
  first = await startTestServer({ config: { dataDir: newDir('first') } });
  await makeData(first);
  backupDir = join(newDir('archive'), 'backup');
  restored = { dataDir: join(newDir('restored'), 'data'), databaseUrl: await emptyDatabase() };
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await dropRestored();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const firstTarget = () => ({ dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });

describe('backup and restore', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('refuses to back up a PGlite data directory a server holds, saying to stop it', async () => {
    const refused = await cli('--backup', backupDir, firstTarget());
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/in use by a portal server \(pid \d+\).*Stop the server, back up, then start it again/s);
    expect(existsSync(backupDir)).toBe(false);
  }, 60_000);

  it('backs up the database, the files and the secret key with a manifest', async () => {
    // PGlite: the documented stop (the server's database closed, its lock released); PostgreSQL backs up while it serves.
    if (first.kind === 'pglite') {
      await first.app.close();
      await first.database.close();
    }
    const done = await cli('--backup', backupDir, firstTarget());
    expect(done.code, done.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, database: { kind: first.kind, migrations: expect.any(Number) }, files: { where: 'included' }, secretKey: 'included' });
    expect(manifest.database.migrations).toBeGreaterThan(30);
    expect(readFileSync(join(backupDir, 'secret.key'))).toEqual(readFileSync(join(first.config.dataDir, 'secret.key')));
  }, 120_000);

  it('restores into a new data directory and database, where a second server sees everything and the sealed secret opens', async () => {
    const done = await cli('--restore', backupDir, restored);
    expect(done.code, done.output).toBe(0);
    second = await startTestServer({ existing: restored });
    const tenantAdmin = await second.login('acme', userEmail('acme', 'tenantadmin'));

    // The users, with their passwords: the restored one signs in (to the change of the password an administrator set).
    const signIn = await second.request('acme', 'POST', '/auth/login', { body: { email: 'restored@acme.test', password: 'Secret12' } });
    expect([signIn.status, signIn.body.email], signIn.text).toEqual([200, 'restored@acme.test']);
    expect(await userIds(second, tenantAdmin)).toEqual(acmeUsers);

    const member = await second.login('acme', userEmail('acme', 'member'));
    const meeting = await second.request('acme', 'GET', `/meetings/${made.meeting}`, { session: member });
    expect(meeting.status, meeting.text).toBe(200);
    expect(meeting.body.topic).toBe('Backed-up sync');

    const recordings = await second.request('acme', 'GET', '/me/recordings', { session: member });
    expect(recordings.status, recordings.text).toBe(200);
    expect(recordings.body.items).toEqual([expect.objectContaining({ id: made.recording, topic: 'Backed-up sync', fileSize: webm.length })]);
    const file = await download(second, `/recordings/${made.recording}/files/video`, tenantAdmin);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(webm)).toBe(true);

    const billing = await second.login('acme', userEmail('acme', 'accountadmin'));
    const invoices = await second.request('acme', 'GET', '/billing/invoices', { session: billing });
    expect(invoices.status, invoices.text).toBe(200);
    expect(invoices.body.items.map((item: { id: string }) => item.id)).toContain(made.invoice);
    const pdf = await second.request('acme', 'GET', `/billing/invoices/${made.invoice}/pdf`, { session: billing });
    expect([pdf.status, pdf.text.startsWith('%PDF-')]).toEqual([200, true]);

    // The secret is stored sealed, and the second server's key (the restored secret.key) opens it.
    const [provider] = await second.database.withPlatform((tx) => tx.select({ clientSecret: authProviders.clientSecret }).from(authProviders).where(eq(authProviders.id, made.provider!)));
    expect(provider?.clientSecret).not.toContain(ssoSecret);
    expect(second.app.secrets.open(provider!.clientSecret!)).toBe(ssoSecret);
  }, 120_000);

  it('refuses to restore into a data directory or database that is not empty', async () => {
    const again = await cli('--restore', backupDir, restored);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toMatch(/DATA_DIR \(.*\) is not empty: restore into a new, empty directory/);
    if (first.kind === 'postgres') {
      const intoUsed = await cli('--restore', backupDir, { dataDir: join(newDir('unused'), 'data'), databaseUrl: first.config.databaseUrl });
      expect(intoUsed.code, intoUsed.output).toBe(1);
      expect(intoUsed.output).toMatch(/is not empty \(it has tables\): restore into a new, empty database/);
    }
  }, 60_000);
});
