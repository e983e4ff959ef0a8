// The global configuration's email settings are the platform's outgoing mail server: once the
// super administrator saves them, every tenant without its own SMTP server has its mail delivered
// through them, with their sender and their sealed password, in place of SMTP_URL. A tenant's own
// SMTP still comes first; with none of them the mail is kept. Loopback SMTP servers throughout.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/kernel/crypto/secret-box.ts';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { enqueueMail, startMailWorker, type MailWorker, type MailWorkerLog } from '../src/mail/index.ts';
import { upsertSettings } from '../src/settings/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { giveAcmeOwnSmtp, smtpSink } from './smtp-sink.ts';

const saved = smtpSink({ user: 'platform-mailer', pass: 'Platform-Secret-1' });
const environment = smtpSink();
const acmeOwn = smtpSink({ user: 'acme-mailer', pass: 'Acme-Secret-1' });
let server: TestServer;
/** The server's own worker: no SMTP_URL, like the server it runs beside. */
let worker: MailWorker;
/** A worker of a deployment that also sets SMTP_URL. */
let withEnvironment: MailWorker;
let superadmin: TestSession;
let savedPort = 0;
const logged: string[] = [];
const log: MailWorkerLog = { info: (_o, msg) => logged.push(msg), warn: (_o, msg) => logged.push(msg), error: (_o, msg) => logged.push(msg) };

const emailSettings = () => ({
  host: '127.0.0.1',
  port: savedPort,
  fromName: 'Platform "Mail"',
  fromEmail: 'mail@platform.test',
  username: 'platform-mailer',
  password: 'Platform-Secret-1',
  tls: false,
});

beforeAll(async () => {
  savedPort = await saved.listen();
  const environmentPort = await environment.listen();
  const acmePort = await acmeOwn.listen();
  server = await startTestServer({ config: { smtpUrl: null, mailFrom: 'Environment <env@portal.test>', publicUrl: 'https://portal.test' } });
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  await giveAcmeOwnSmtp(server, acmePort, 'Acme-Secret-1', 'Acme');
  worker = startMailWorker({ config: server.config, database: server.database, log, pollIntervalMs: 60_000 });
  withEnvironment = startMailWorker({
    config: { ...server.config, smtpUrl: `smtp://127.0.0.1:${environmentPort}` },
    database: server.database,
    log,
    pollIntervalMs: 60_000,
  });
});

afterAll(async () => {
  await worker?.stop();
  await withEnvironment?.stop();
  await server?.close();
  await Promise.all([saved.close(), environment.close(), acmeOwn.close()]);
});

const statusOf = async (to: string) =>
  (await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))).at(-1);

async function invite(tenant: 'acme' | 'globex', to: string) {
  const admin = await server.login(tenant, userEmail(tenant, 'admin'));
  const res = await server.request(tenant, 'POST', `/users/${server.ids.users[to]}/invite`, { session: admin });
  expect(res.status).toBe(202);
  return res.body as { email: string; delivery: 'smtp' | 'outbox' };
}

const queue = (tenant: 'acme' | 'globex', to: string) =>
  server.database.withTenant(server.ids.tenants[tenant], (tx) => enqueueMail(tx, { tenantId: server.ids.tenants[tenant], to, subject: 'Hello', text: 'Hello' }));

describe('platform email settings as the outgoing mail server', () => {
  it('keeps the mail while neither the tenant, the global configuration nor SMTP_URL has a server', async () => {
    const to = userEmail('globex', 'member');
    expect(await invite('globex', to)).toEqual({ email: to, delivery: 'outbox' });
    await worker.runOnce();
    expect(await statusOf(to)).toMatchObject({ status: 'kept' });
    expect(saved.to(to)).toHaveLength(0);
  });

  it('delivers through the saved settings, signed in with the sealed password, from their sender; the invitation says smtp', async () => {
    const put = await server.request('system', 'PUT', '/settings/email', { session: superadmin, body: emailSettings() });
    expect(put.status).toBe(200);

    const to = userEmail('globex', 'guest');
    expect(await invite('globex', to)).toEqual({ email: to, delivery: 'smtp' });
    await worker.runOnce();
    const [received] = saved.to(to);
    expect(received).toBeDefined();
    expect(received!.user).toBe('platform-mailer');
    expect(received!.from).toBe('mail@platform.test');
    expect(received!.raw).toMatch(/^From: "Platform \\"Mail\\"" <mail@platform\.test>/m);
    expect(received!.raw).toMatch(/^Subject: .+/m);
    expect(await statusOf(to)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('still delivers the mail of a tenant with its own SMTP server through that server', async () => {
    const to = userEmail('acme', 'member');
    expect(await invite('acme', to)).toEqual({ email: to, delivery: 'smtp' });
    await worker.runOnce();
    expect(acmeOwn.to(to)).toHaveLength(1);
    expect(acmeOwn.to(to)[0]!.from).toBe('meet@acme.example');
    expect(saved.to(to)).toHaveLength(0);
    expect(await statusOf(to)).toMatchObject({ status: 'sent' });
  });

  it('prefers the saved settings over SMTP_URL', async () => {
    const to = userEmail('globex', 'accountadmin');
    await queue('globex', to);
    await withEnvironment.runOnce();
    expect(saved.to(to)).toHaveLength(1);
    expect(environment.to(to)).toHaveLength(0);
    expect(await statusOf(to)).toMatchObject({ status: 'sent' });
  });

  it('falls back to SMTP_URL, or keeps the mail, when the saved password cannot be opened, and says why', async () => {
    const foreign = createSecretBox(randomBytes(32));
    await server.database.withPlatform((tx) => upsertSettings(tx, 'email', { ...emailSettings(), password: foreign.seal('Platform-Secret-1') }, null));

    const viaEnvironment = userEmail('globex', 'tenantadmin');
    await queue('globex', viaEnvironment);
    logged.length = 0;
    await withEnvironment.runOnce();
    expect(environment.to(viaEnvironment)).toHaveLength(1);
    expect(environment.to(viaEnvironment)[0]!.from).toBe('env@portal.test');
    expect(logged).toContain('platform email settings unusable, using SMTP_URL');

    // The server itself has no SMTP_URL: its answer and its worker agree that the mail stays.
    const kept = userEmail('globex', 'mustchange');
    expect(await invite('globex', kept)).toEqual({ email: kept, delivery: 'outbox' });
    await worker.runOnce();
    expect(await statusOf(kept)).toMatchObject({ status: 'kept' });
    expect(saved.to(kept)).toHaveLength(0);
  });
});
