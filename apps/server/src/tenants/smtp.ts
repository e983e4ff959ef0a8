// A tenant's own SMTP server (spec 'SMTP' section of the tenant detail). The password is sealed
// with the server's secret box and never answered (`hasPassword` only); saving the form with an
// empty password keeps the stored one. The test mail goes through the worker's own transport
// builder, so it proves what real mail will do.
import { eq } from 'drizzle-orm';
import { recordAudit } from '../kernel/audit/record.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import { tenantSmtp } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, notFound } from '../kernel/http/problem.ts';
import { mailSender, smtpTransport } from '../mail/index.ts';
import type { TenantTarget } from './service.ts';
import { present } from '../kernel/db/present.ts';

type SmtpRow = typeof tenantSmtp.$inferSelect;
type TenantSmtp = Schemas['TenantSmtp'];

export const SMTP_AUDIT_ENTITY = 'tenant.smtp';
const TEST_TIMEOUT_MS = 20_000;

function toDto(row: SmtpRow): TenantSmtp {
  return {
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    hasPassword: Boolean(row.password),
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditView = ({ updatedAt: _updatedAt, ...rest }: SmtpRow) => rest;

export async function getSmtp(target: TenantTarget): Promise<TenantSmtp | null> {
  const [row] = await target.db((tx) => tx.select().from(tenantSmtp).where(eq(tenantSmtp.tenantId, target.row.id)).limit(1));
  return row ? toDto(row) : null;
}

export async function addSmtp(target: TenantTarget, secrets: SecretBox, input: Schemas['TenantSmtpCreate']): Promise<TenantSmtp> {
  const row = await target.db(async (tx) => {
    const [existing] = await tx.select({ id: tenantSmtp.tenantId }).from(tenantSmtp).where(eq(tenantSmtp.tenantId, target.row.id)).limit(1);
    if (existing) throw new ProblemError(409, 'smtp_exists', { detail: 'This tenant already has an SMTP server; change it instead.' });
    const [created] = await tx
      .insert(tenantSmtp)
      .values({
        tenantId: target.row.id,
        host: input.host,
        port: input.port,
        security: input.security ?? 'starttls',
        username: input.username?.trim() || null,
        password: input.password ? secrets.seal(input.password) : null,
        fromName: input.fromName.trim(),
        fromEmail: input.fromEmail.trim(),
      })
      .returning();
    await recordAudit(tx, target.audit, { action: 'create', entity: SMTP_AUDIT_ENTITY, entityId: target.row.id, after: auditView(present(created, 'created')) });
    return present(created, 'created');
  });
  return toDto(row);
}

export async function updateSmtp(target: TenantTarget, secrets: SecretBox, patch: Schemas['TenantSmtpUpdate']): Promise<TenantSmtp> {
  const row = await target.db(async (tx) => {
    const [before] = await tx.select().from(tenantSmtp).where(eq(tenantSmtp.tenantId, target.row.id)).limit(1);
    if (!before) throw notFound();
    const changes: Partial<SmtpRow> = { updatedAt: new Date() };
    if (patch.host !== undefined) changes.host = patch.host;
    if (patch.port !== undefined) changes.port = patch.port;
    if (patch.security !== undefined) changes.security = patch.security;
    if (patch.username !== undefined) changes.username = patch.username?.trim() || null;
    if (patch.password) changes.password = secrets.seal(patch.password);
    if (patch.fromName !== undefined) changes.fromName = patch.fromName.trim();
    if (patch.fromEmail !== undefined) changes.fromEmail = patch.fromEmail.trim();
    const [after] = await tx.update(tenantSmtp).set(changes).where(eq(tenantSmtp.tenantId, target.row.id)).returning();
    await recordAudit(tx, target.audit, { action: 'update', entity: SMTP_AUDIT_ENTITY, entityId: target.row.id, before: auditView(before), after: auditView(present(after, 'after')) });
    return present(after, 'after');
  });
  return toDto(row);
}

export type TestMailResult = { delivered: boolean; message: string };

/** A failed delivery is an answer, not an error: the administrator needs the server's own words. */
export async function sendTestMail(target: TenantTarget, secrets: SecretBox, to: string): Promise<TestMailResult> {
  const [row] = await target.db((tx) => tx.select().from(tenantSmtp).where(eq(tenantSmtp.tenantId, target.row.id)).limit(1));
  if (!row) throw notFound();
  let transport: ReturnType<typeof smtpTransport> | null = null;
  try {
    // The same transport the mail worker builds, so a test goes exactly the way real mail does.
    transport = smtpTransport(row, secrets);
    const sending = transport.sendMail({
      from: mailSender(row.fromName, row.fromEmail),
      to,
      subject: `${target.row.brandname}: test mail`,
      text: `This test mail was sent through the SMTP server ${row.host}:${row.port} of ${target.row.brandname}.`,
    });
    // nodemailer waits minutes for an unreachable host; the person at the button should not.
    const info = (await Promise.race([
      sending,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`No answer from ${row.host}:${row.port} within ${TEST_TIMEOUT_MS / 1000} s`)), TEST_TIMEOUT_MS).unref()),
    ])) as { response?: string };
    return { delivered: true, message: info.response ?? 'OK' };
  } catch (error) {
    return { delivered: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    transport?.close();
  }
}
