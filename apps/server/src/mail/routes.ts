// Which SMTP server a tenant's mail leaves through, in this order:
//   1. the tenant's own SMTP server (tenant_smtp), with its own sender;
//   2. the platform's email settings saved in the global configuration (platform_settings
//      `email`), when saved with a host, port and sender, with their sender;
//   3. SMTP_URL from the environment, with MAIL_FROM;
//   4. none: the mail is kept in the outbox and written to the log.
// The saved settings win over SMTP_URL: they are what a super administrator chose in the portal
// and expects used, while SMTP_URL is the deployment's default until someone does. A route whose
// sealed password cannot be opened (sealed under another key) is skipped for the next one.
// The mail worker builds its transports from these; the API asks `mailLeavesServer` so that its
// answers (an invitation's `delivery`, whether mailed links need PUBLIC_URL) agree with the worker.
import { eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import { tenantSmtp } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { findSettings } from '../settings/index.ts';

export type SmtpSecurity = 'tls' | 'starttls' | 'none';

/** One SMTP server as both sources store it: the password sealed with the server's secret box. */
export type SmtpServerSettings = {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password: string | null;
};

export type MailSender = { name: string; address: string };
export type MailServer = SmtpServerSettings & { from: MailSender };

/** nodemailer quotes and encodes the display name itself; only line breaks are taken out. */
export function mailSender(name: string, address: string): MailSender {
  return { name: name.replace(/[\r\n]+/g, ' ').trim(), address };
}

/**
 * A nodemailer transport for one SMTP server. Throws when the sealed password cannot be opened;
 * without a secret box (a worker started without one) the password is left out.
 */
export function smtpTransport(server: SmtpServerSettings, secrets: SecretBox | null): Transporter {
  const password = server.password && secrets ? secrets.open(server.password) : null;
  return createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: password ?? '' } } : {}),
  });
}

/** The tenant's own SMTP server, if it has one. */
export async function findTenantMailServer(tx: Database, tenantId: string): Promise<MailServer | null> {
  const [row] = await tx.select().from(tenantSmtp).where(eq(tenantSmtp.tenantId, tenantId)).limit(1);
  if (!row) return null;
  return { host: row.host, port: row.port, security: row.security, username: row.username, password: row.password, from: mailSender(row.fromName, row.fromEmail) };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The platform's email settings (EmailSettingsBase) as a mail server: null until they are saved
 * with a host, a port and a sender address. Their `tls` switch means an encrypted connection:
 * TLS from the start on port 465 (SMTPS), STARTTLS required on any other port; off, plain SMTP.
 */
export async function findPlatformMailServer(tx: Database): Promise<MailServer | null> {
  const row = await findSettings(tx, 'email');
  if (!row) return null;
  const { value } = row;
  const host = text(value.host);
  const port = value.port;
  const fromEmail = text(value.fromEmail);
  if (!host || typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535 || !fromEmail) return null;
  return {
    host,
    port,
    security: value.tls === true ? (port === 465 ? 'tls' : 'starttls') : 'none',
    username: text(value.username) || null,
    password: typeof value.password === 'string' && value.password !== '' ? value.password : null,
    from: mailSender(text(value.fromName), fromEmail),
  };
}

/** Whether the server's password, if any, can be opened (so the worker will use this server). */
function usable(server: MailServer | null, secrets: SecretBox): boolean {
  if (!server) return false;
  if (!server.password) return true;
  try {
    secrets.open(server.password);
    return true;
  } catch {
    return false;
  }
}

export type MailRouteSources = {
  config: { smtpUrl?: string | null };
  database: { withPlatform: <T>(fn: (tx: Database) => Promise<T>) => Promise<T> };
  secrets: SecretBox;
};

/**
 * Whether mail for this tenant leaves the server (through its own SMTP, the saved platform
 * settings or SMTP_URL) rather than staying in the outbox: the same order and the same skipping
 * of unopenable passwords as the worker, which reads them afresh for every batch too.
 */
export async function mailLeavesServer(sources: MailRouteSources, tenantId: string): Promise<boolean> {
  const [own, platform] = await sources.database.withPlatform(async (tx) => [await findTenantMailServer(tx, tenantId), await findPlatformMailServer(tx)] as const);
  return usable(own, sources.secrets) || usable(platform, sources.secrets) || Boolean(sources.config.smtpUrl);
}
