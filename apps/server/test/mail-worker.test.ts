// The outbox worker with a real SMTP server on loopback: an invitation arrives with a link that
// sets the password; failures back off and finally give up; a mail claimed by a worker that died is
// sent once the claim runs out; without SMTP the mail is kept and logged.
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { enqueueMail, LEASE_SECONDS, MAX_ATTEMPTS, startMailWorker, type MailWorker, type MailWorkerLog } from '../src/mail/index.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

type Received = { to: string[]; raw: string };

let smtp: SMTPServer;
let smtpPort = 0;
const inbox: Received[] = [];
const refused = new Set<string>();

let server: TestServer;
let worker: MailWorker;
const logged: { msg: string; obj: Record<string, unknown> }[] = [];
const log: MailWorkerLog = {
  info: (obj, msg) => logged.push({ msg, obj: obj as Record<string, unknown> }),
  warn: (obj, msg) => logged.push({ msg, obj: obj as Record<string, unknown> }),
  error: (obj, msg) => logged.push({ msg, obj: obj as Record<string, unknown> }),
};

/** The decoded text of a raw message: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function outboxRow(to: string) {
  const rows = await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)));
  return rows.at(-1);
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refused.has(address.address) ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
  // With SMTP on, mailed links need PUBLIC_URL (a Host header must never choose them).
  server = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Portal <no-reply@portal.test>', publicUrl: 'https://portal.test' } });
  // A long poll interval: the tests drive the worker with runOnce.
  worker = startMailWorker({ config: server.config, database: server.database, log, pollIntervalMs: 60_000 });
});

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
});

describe('mail delivery over SMTP', () => {
  it('delivers an invitation whose link sets the password, after which the user signs in', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const id = server.ids.users['mustchange@acme.test']!;
    const res = await server.request('acme', 'POST', `/users/${id}/invite`, { session: admin });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: 'mustchange@acme.test', delivery: 'smtp' });

    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    const mail = inbox.find((m) => m.to.includes('mustchange@acme.test'));
    expect(mail).toBeDefined();
    const text = decodeQuotedPrintable(mail!.raw);
    expect(text).toMatch(/^From: Portal <no-reply@portal\.test>/m);
    expect(text).toMatch(/^Subject: Your Acme Meetings account is ready/m);
    const link = text.match(/https:\/\/acme\.portal\.test\/portal\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    expect((await outboxRow('mustchange@acme.test'))!).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    const token = link![1]!;
    const set = await server.request('acme', 'POST', '/auth/password', { body: { token, password: 'Brand-New-Pass1' } });
    expect(set.status).toBe(204);
    await server.login('acme', 'mustchange@acme.test', 'Brand-New-Pass1');
    // The link works once.
    const again = await server.request('acme', 'POST', '/auth/password', { body: { token, password: 'Other-Pass22' } });
    expect(again.status).toBe(400);
  });

  it('retries a refused mail with backoff, then gives up after the last attempt', async () => {
    refused.add('guest@acme.test');
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const res = await server.request('acme', 'POST', `/users/${server.ids.users['guest@acme.test']}/invite`, { session: admin });
    expect(res.status).toBe(202);
    await worker.runOnce();

    const first = (await outboxRow('guest@acme.test'))!;
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first.lastError).toMatch(/Mailbox unavailable/);
    const delayMs = first.nextAttemptAt.getTime() - Date.now();
    expect(delayMs).toBeGreaterThan(50_000);
    expect(delayMs).toBeLessThanOrEqual(61_000);
    // Not due yet: another run leaves it alone.
    await worker.runOnce();
    expect((await outboxRow('guest@acme.test'))!.attempts).toBe(1);

    await server.database.withPlatform((tx) =>
      tx
        .update(mailOutbox)
        .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.id, first.id)),
    );
    await worker.runOnce();
    expect((await outboxRow('guest@acme.test'))!).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('delivers a mail whose worker died after claiming it, once the claim has run out', async () => {
    const to = 'left-behind@acme.test';
    const tenantId = server.ids.tenants.acme;
    await server.database.withTenant(tenantId, (tx) => enqueueMail(tx, { tenantId, to, subject: 'Left behind', text: 'Still arrives' }));
    // A worker whose process dies right after its claim committed: it never reaches the database again.
    let alive = true;
    const dying = startMailWorker({
      config: server.config,
      log,
      pollIntervalMs: 60_000,
      database: {
        withPlatform: (fn) => {
          if (!alive) return Promise.reject(new Error('process died'));
          alive = false;
          return server.database.withPlatform(fn);
        },
      },
    });
    await expect(dying.runOnce()).rejects.toThrow('process died');
    await dying.stop();

    const claimed = (await outboxRow(to))!;
    expect(claimed).toMatchObject({ status: 'queued', attempts: 0 });
    expect(claimed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan((LEASE_SECONDS - 60) * 1000);
    // While the claim holds, no other worker sends it (it may still be on its way).
    await worker.runOnce();
    expect(inbox.some((m) => m.to.includes(to))).toBe(false);

    // The claim was taken LEASE_SECONDS ago: it has run out, and the next worker delivers the mail.
    await server.database.withPlatform((tx) =>
      tx
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`next_attempt_at - make_interval(secs => ${LEASE_SECONDS})` })
        .where(eq(mailOutbox.id, claimed.id)),
    );
    expect(await worker.runOnce()).toBe(1);
    expect(inbox.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect((await outboxRow(to))!).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends mail queued before the worker started (the queue lives in the database)', async () => {
    await worker.stop();
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    await server.request('acme', 'POST', `/users/${server.ids.users['accountadmin@acme.test']}/invite`, { session: admin });
    expect((await outboxRow('accountadmin@acme.test'))!.status).toBe('queued');
    worker = startMailWorker({ config: server.config, database: server.database, log, pollIntervalMs: 50 });
    await expect.poll(async () => (await outboxRow('accountadmin@acme.test'))!.status, { timeout: 10_000 }).toBe('sent');
    expect(inbox.some((m) => m.to.includes('accountadmin@acme.test'))).toBe(true);
  });
});

describe('mail without SMTP', () => {
  it('keeps the mail in the outbox and logs it with its link', async () => {
    const plain = await startTestServer();
    const keeper = startMailWorker({ config: plain.config, database: plain.database, log, pollIntervalMs: 60_000 });
    try {
      const admin = await plain.login('acme', userEmail('acme', 'admin'));
      const res = await plain.request('acme', 'POST', `/users/${plain.ids.users['member@acme.test']}/invite`, { session: admin });
      expect(res.body).toEqual({ email: 'member@acme.test', delivery: 'outbox' });
      expect(await keeper.runOnce()).toBe(1);
      const [row] = await plain.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'member@acme.test')));
      expect(row).toMatchObject({ status: 'kept' });
      const entry = logged.find((l) => l.obj.to === 'member@acme.test');
      expect(entry?.msg).toMatch(/kept/);
      expect(entry?.obj.text).toMatch(/\/portal\/auth\/reset-password\?token=/);
    } finally {
      await keeper.stop();
      await plain.close();
    }
  });
});
