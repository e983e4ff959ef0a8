// Reset and sign-up links must never point where a forged Host header says: with SMTP configured
// and no PUBLIC_URL, only development hosts may lend their origin to a mailed link.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { linkOrigin } from '../src/mail/link-origin.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

describe('linkOrigin', () => {
  it('builds links from PUBLIC_URL, with the tenant as a subdomain', () => {
    expect(linkOrigin('https://portal.example.com', 'http://evil.example', 'system')).toBe('https://portal.example.com');
    expect(linkOrigin('https://portal.example.com', 'http://acme.evil.example', 'acme')).toBe('https://acme.portal.example.com');
  });
});

describe('mailed links without PUBLIC_URL while SMTP is configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { smtpUrl: 'smtp://127.0.0.1:9', publicUrl: null } });
  });
  afterAll(() => server?.close());

  const resetMails = (to: string) =>
    server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)));

  it('refuses to mail a reset link built from a foreign Host header', async () => {
    const email = userEmail('acme', 'member');
    const forged = await server.request('acme', 'POST', '/auth/password-reset', { body: { email }, host: `acme.attacker.example:${server.port}` });
    expect(forged.status).toBe(503);
    expect(forged.body.code).toBe('public_url_required');
    expect(await resetMails(email)).toHaveLength(0);
  });

  it('uses the origin of a development host', async () => {
    const email = userEmail('acme', 'accountadmin');
    const local = await server.request('acme', 'POST', '/auth/password-reset', { body: { email }, host: `acme.portal.localhost:${server.port}` });
    expect(local.status).toBe(202);
    const [mail] = await resetMails(email);
    expect(mail?.textBody).toContain(`http://acme.portal.localhost:${server.port}/portal/auth/reset-password?token=`);
  });
});
