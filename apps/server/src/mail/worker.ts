// Delivers queued mail. The outbox row is the state: a mail is claimed by pushing its
// next_attempt_at forward (a lease, so a crash mid-send retries it later and two replicas never
// send the same batch), then marked sent, rescheduled with exponential backoff, or failed after
// the last attempt. Each mail goes through the first of (routes.ts): the tenant's own SMTP server
// (tenant_smtp) with its sender; the platform email settings saved in the global configuration
// with theirs; SMTP_URL with MAIL_FROM. The saved settings win over SMTP_URL, the environment's
// default: an administrator who saved them expects them used. Without any, a mail is `kept` and
// written to the log, so a developer can still follow its links. What the database says is read
// again after `tenantSmtpCacheMs`, so a saved change applies within that time.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import { createSecretBox, loadSecretKey, type SecretBox } from '../crypto/secret-box.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { findPlatformMailServer, findTenantMailServer, smtpTransport, type MailSender } from './routes.ts';

export type MailWorkerConfig = { smtpUrl?: string | null; mailFrom: string; secretKey?: string | null; dataDir?: string };
export type MailWorkerDatabase = { withPlatform: <T>(fn: (tx: Database) => Promise<T>) => Promise<T> };
export type MailWorkerLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
export type MailWorkerOptions = {
  config: MailWorkerConfig;
  database: MailWorkerDatabase;
  log: MailWorkerLog;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Opens tenant and platform SMTP passwords; by default the server's secret box from `config`. */
  secrets?: SecretBox;
  /**
   * How long a tenant's SMTP settings and the platform email settings (and their open
   * connections) are reused before being read again.
   */
  tenantSmtpCacheMs?: number;
};
export type MailWorker = { stop: () => Promise<void>; runOnce: () => Promise<number> };

export const MAX_ATTEMPTS = 8;
const BASE_RETRY_SECONDS = 60;
/**
 * A claim is a lease, not a state: a claimed mail stays `queued` with next_attempt_at this far
 * ahead, so a worker that dies mid-send leaves nothing to clean up and any worker takes the mail
 * again once the lease has run out.
 */
export const LEASE_SECONDS = 300;

/** Seconds until the next try after `attempts` failed ones: 1 min, 2 min, 4 min ... */
export function retryDelaySeconds(attempts: number): number {
  return BASE_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1);
}

type ClaimedMail = Pick<typeof mailOutbox.$inferSelect, 'id' | 'tenantId' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'>;

type Route = { transport: Transporter; from: string | MailSender } | null;
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { config, database, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const batchSize = options.batchSize ?? 10;
  // SMTP_URL: the environment's default, for as long as no email settings are saved in the portal.
  const environment: Route = config.smtpUrl ? { transport: createTransport(config.smtpUrl), from: config.mailFrom } : null;
  const secrets = options.secrets ?? (config.dataDir ? createSecretBox(loadSecretKey({ secretKey: config.secretKey ?? null, dataDir: config.dataDir })) : null);
  const tenantSmtpCacheMs = options.tenantSmtpCacheMs ?? 60_000;
  const tenantRoutes = new Map<string, { route: Route; until: number }>();
  /** The platform's route; `saved` when its transport was built from the saved settings (closed on renewal). */
  let platformRoute: { route: Route; saved: boolean; until: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const claim = () =>
    database.withPlatform(async (tx) => {
      const due = tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      return tx
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(inArray(mailOutbox.id, due))
        .returning({
          id: mailOutbox.id,
          tenantId: mailOutbox.tenantId,
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          textBody: mailOutbox.textBody,
          htmlBody: mailOutbox.htmlBody,
          attempts: mailOutbox.attempts,
        });
    });

  /** The platform email settings when saved and complete, else SMTP_URL (null: keep the mail). */
  const platformRouteNow = async (): Promise<Route> => {
    if (platformRoute && platformRoute.until > Date.now()) return platformRoute.route;
    if (platformRoute?.saved) platformRoute.route?.transport.close();
    const server = await database.withPlatform((tx) => findPlatformMailServer(tx));
    let route = environment;
    let saved = false;
    if (server) {
      try {
        route = { transport: smtpTransport(server, secrets), from: server.from };
        saved = true;
      } catch (error) {
        // A password sealed under another key cannot be opened: fall back to SMTP_URL (if any), say why.
        const next = environment ? 'using SMTP_URL' : 'keeping mail in the outbox';
        log.error({ err: error instanceof Error ? error.message : String(error) }, `platform email settings unusable, ${next}`);
      }
    }
    platformRoute = { route, saved, until: Date.now() + tenantSmtpCacheMs };
    return route;
  };

  /** The tenant's own SMTP when it has one, else the platform's (null: keep the mail). */
  const routeFor = async (tenantId: string): Promise<Route> => {
    const hit = tenantRoutes.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.route ?? platformRouteNow();
    hit?.route?.transport.close();
    const server = await database.withPlatform((tx) => findTenantMailServer(tx, tenantId));
    let route: Route = null;
    if (server) {
      try {
        route = { transport: smtpTransport(server, secrets), from: server.from };
      } catch (error) {
        // A password sealed under another key cannot be opened: fall back to the platform, say why.
        log.error({ tenantId, err: error instanceof Error ? error.message : String(error) }, 'tenant SMTP settings unusable, using the platform SMTP');
      }
    }
    tenantRoutes.set(tenantId, { route, until: Date.now() + tenantSmtpCacheMs });
    return route ?? platformRouteNow();
  };

  const deliver = async (mail: ClaimedMail) => {
    const route = await routeFor(mail.tenantId);
    if (!route) {
      log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody }, 'mail kept in the outbox (no SMTP configured)');
      await database.withPlatform((tx) =>
        tx.update(mailOutbox).set({ status: 'kept', attempts: mail.attempts + 1 }).where(eq(mailOutbox.id, mail.id)),
      );
      return;
    }
    try {
      await route.transport.sendMail({
        from: route.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      await database.withPlatform((tx) =>
        tx
          .update(mailOutbox)
          .set({ status: 'sent', attempts: mail.attempts + 1, sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, mail.id)),
      );
      log.info({ mailId: mail.id, to: mail.toAddress }, 'mail sent');
    } catch (error) {
      const attempts = mail.attempts + 1;
      const lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      const giveUp = attempts >= MAX_ATTEMPTS;
      await database.withPlatform((tx) =>
        tx
          .update(mailOutbox)
          .set(
            giveUp
              ? { status: 'failed', attempts, lastError }
              : { attempts, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})` },
          )
          .where(eq(mailOutbox.id, mail.id)),
      );
      log.warn({ mailId: mail.id, to: mail.toAddress, attempts, err: lastError }, giveUp ? 'mail failed for good' : 'mail delivery failed, will retry');
    }
  };

  const drain = async () => {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      for (const mail of batch) await deliver(mail);
      handled += batch.length;
      if (batch.length < batchSize || stopped) return handled;
    }
  };

  const runOnce = () => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'mail worker tick failed'))
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      environment?.transport.close();
      if (platformRoute?.saved) platformRoute.route?.transport.close();
      platformRoute = null;
      for (const { route } of tenantRoutes.values()) route?.transport.close();
      tenantRoutes.clear();
    },
  };
}
