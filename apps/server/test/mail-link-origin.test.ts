// Reset and sign-up links must never point where a forged Host header says: with SMTP configured
// (SMTP_URL, the platform email settings saved in the global configuration, or the tenant's own
// SMTP server) and no PUBLIC_URL, only development hosts may lend their origin to a mailed link.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tenantSmtp } from '../src/kernel/db/schema.ts';
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

describe('mailed links without PUBLIC_URL nor SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { smtpUrl: null, publicUrl: null } });
  });
  afterAll(() => server?.close());

  const forgedReset = (tenant: 'acme' | 'globex', role: string) =>
    server.request(tenant, 'POST', '/auth/password-reset', { body: { email: userEmail(tenant, role) }, host: `${tenant}.attacker.example:${server.port}` });

  it('uses the request origin while mail only goes to the log', async () => {
    expect((await forgedReset('globex', 'member')).status).toBe(202);
  });

  it("refuses once the tenant has its own SMTP server, and once the platform's email settings are saved", async () => {
    await server.database.withPlatform((tx) =>
      tx.insert(tenantSmtp).values({ tenantId: server.ids.tenants.acme, host: '127.0.0.1', port: 9, security: 'none', fromName: 'Acme', fromEmail: 'meet@acme.example' }),
    );
    const acme = await forgedReset('acme', 'member');
    expect(acme.status).toBe(503);
    expect(acme.body.code).toBe('public_url_required');
    expect((await forgedReset('globex', 'member')).status).toBe(202);

    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const body = { host: '127.0.0.1', port: 9, fromName: 'Portal', fromEmail: 'no-reply@portal.example', username: '', tls: false };
    expect((await server.request('system', 'PUT', '/settings/email', { session: superadmin, body })).status).toBe(200);
    const globex = await forgedReset('globex', 'accountadmin');
    expect(globex.status).toBe(503);
    expect(globex.body.code).toBe('public_url_required');
  });
});
