// Every account mail of a tenant carries its branding (primary colour and logo), not only the
// sign-up and reset mails: the invitation an administrator sends and the confirmation of an email
// change too. A tenant without branding keeps the neutral look.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tenants } from '../src/kernel/db/schema.ts';
import { startTestServer, testPassword, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
const primary = '#a21caf';
let logoPath = '';

async function lastMail(to: string) {
  const [row] = await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)).limit(1));
  return row!;
}

function expectAcmeBrand(html: string | null) {
  expect(html).toContain(`border-top:4px solid ${primary}`);
  expect(html).toContain(`background:${primary}`);
  // The stored logo path is served by this server: the mail links it absolutely.
  expect(html).toContain(`<img src="http://acme.portal.test:${server.port}${logoPath}" alt="Acme Meetings"`);
}

beforeAll(async () => {
  server = await startTestServer();
  const acmeId = server.ids.tenants.acme;
  logoPath = `/api/v1/brand-images/${acmeId}/logoDark-0123456789abcdef.png`;
  await server.database.withPlatform(async (tx) => {
    const [acme] = await tx.select({ branding: tenants.branding }).from(tenants).where(eq(tenants.id, acmeId));
    await tx
      .update(tenants)
      .set({ branding: { ...acme!.branding, themeLite: { primary }, logos: { logoDark: logoPath } } })
      .where(eq(tenants.id, acmeId));
  });
});

afterAll(async () => {
  await server?.close();
});

describe('tenant branding in mails', () => {
  it("brands an invitation with the tenant's primary colour and logo", async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const invited = await server.request('acme', 'POST', `/users/${server.ids.users[userEmail('acme', 'member')]}/invite`, { session: admin });
    expect(invited.status).toBe(202);
    const mail = await lastMail(userEmail('acme', 'member'));
    expect(mail.template).toBe('invite');
    expectAcmeBrand(mail.htmlBody);
  });

  it("brands the confirmation of an email change with the tenant's primary colour and logo", async () => {
    const session = await server.login('acme', userEmail('acme', 'accountadmin'));
    const body = { newEmail: 'accountadmin.renamed@acme.test', currentPassword: testPassword };
    expect((await server.request('acme', 'POST', '/me/profile/email', { session, body })).status).toBe(202);
    const mail = await lastMail('accountadmin.renamed@acme.test');
    expect(mail.template).toBe('confirm_email');
    expectAcmeBrand(mail.htmlBody);
  });

  it("keeps another tenant's invitation neutral: no colour or logo of acme", async () => {
    const admin = await server.login('globex', userEmail('globex', 'admin'));
    const invited = await server.request('globex', 'POST', `/users/${server.ids.users[userEmail('globex', 'member')]}/invite`, { session: admin });
    expect(invited.status).toBe(202);
    const mail = await lastMail(userEmail('globex', 'member'));
    expect(mail.htmlBody).not.toContain(primary);
    expect(mail.htmlBody).not.toContain('<img');
  });
});
