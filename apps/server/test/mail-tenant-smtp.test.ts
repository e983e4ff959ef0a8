// A tenant with its own SMTP server gets its mail delivered through it (with its sender and its
// sealed password); every other tenant's mail goes through the platform's. Two loopback servers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tenantSmtp } from '../src/kernel/db/schema.ts';
import { startMailWorker, type MailWorker, type MailWorkerLog } from '../src/mail/index.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { giveAcmeOwnSmtp, smtpSink } from './smtp-sink.ts';

const platform = smtpSink();
const tenantOwn = smtpSink({ user: 'acme-mailer', pass: 'Smtp-Secret-1' });
let server: TestServer;
let worker: MailWorker;
const logged: string[] = [];
const log: MailWorkerLog = { info: (_o, msg) => logged.push(msg), warn: (_o, msg) => logged.push(msg), error: (_o, msg) => logged.push(msg) };

beforeAll(async () => {
  const platformPort = await platform.listen();
  const tenantPort = await tenantOwn.listen();
  server = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${platformPort}`, mailFrom: 'Platform <no-reply@portal.test>', publicUrl: 'https://portal.test' } });
  await giveAcmeOwnSmtp(server, tenantPort, 'Smtp-Secret-1', 'Acme "Meetings", Inc');
  worker = startMailWorker({ config: server.config, database: server.database, log, pollIntervalMs: 60_000 });
});

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await platform.close();
  await tenantOwn.close();
});

const statusOf = async (to: string) =>
  (await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))).at(-1);

describe('tenant SMTP override', () => {
  it("delivers a tenant's mail through its own SMTP server, signed in with its sealed password, from its sender", async () => {
    const email = userEmail('acme', 'guest');
    expect((await server.request('acme', 'POST', '/auth/password-reset', { body: { email } })).status).toBe(202);
    await worker.runOnce();
    const received = tenantOwn.inbox.find((m) => m.to.includes(email));
    expect(received).toBeDefined();
    expect(received!.user).toBe('acme-mailer');
    expect(received!.from).toBe('meet@acme.example');
    expect(received!.raw).toMatch(/^From: "Acme \\"Meetings\\", Inc" <meet@acme\.example>/m);
    expect(platform.inbox.some((m) => m.to.includes(email))).toBe(false);
    expect(await statusOf(email)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("delivers another tenant's mail through the platform SMTP with the platform sender", async () => {
    const email = userEmail('globex', 'guest');
    expect((await server.request('globex', 'POST', '/auth/password-reset', { body: { email } })).status).toBe(202);
    await worker.runOnce();
    const received = platform.inbox.find((m) => m.to.includes(email));
    expect(received).toBeDefined();
    expect(received!.from).toBe('no-reply@portal.test');
    expect(tenantOwn.inbox.some((m) => m.to.includes(email))).toBe(false);
    expect(await statusOf(email)).toMatchObject({ status: 'sent' });
  });

  it('retries later (not through the platform) when the tenant SMTP refuses the credentials, and recovers once fixed', async () => {
    await server.database.withPlatform((tx) =>
      tx.update(tenantSmtp).set({ password: server.app.secrets.seal('wrong') }).where(eq(tenantSmtp.tenantId, server.ids.tenants.acme)),
    );
    const email = userEmail('acme', 'accountadmin');
    await server.request('acme', 'POST', '/auth/password-reset', { body: { email } });
    await worker.runOnce();
    const failed = await statusOf(email);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed!.lastError).toMatch(/Invalid/i);
    expect(platform.inbox.some((m) => m.to.includes(email))).toBe(false);

    await server.database.withPlatform(async (tx) => {
      await tx.update(tenantSmtp).set({ password: server.app.secrets.seal('Smtp-Secret-1') }).where(eq(tenantSmtp.tenantId, server.ids.tenants.acme));
      await tx.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.toAddress, email));
    });
    await worker.runOnce();
    expect(await statusOf(email)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(tenantOwn.inbox.some((m) => m.to.includes(email))).toBe(true);
  });
});
