// Delivers queued mail. The outbox row is the state: a mail is claimed by pushing its
// next_attempt_at forward (a lease, so a crash mid-send retries it later and two replicas never
// send the same batch), then marked sent, rescheduled with exponential backoff, or failed after
// the last attempt. Each mail goes through the first of (routes.ts): the tenant's own SMTP server
// (tenant_smtp) with its sender; the platform email settings saved in the global configuration
// with theirs; SMTP_URL with MAIL_FROM. The saved settings win over SMTP_URL, the environment's
// default: an administrator who saved them expects them used. Without any, a mail is `kept` and
// written to the log, so a developer can still follow its links. The settings are read for every
// batch, so a saved or removed server applies to the next one.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import { createSecretBox, loadSecretKey, type SecretBox } from '../kernel/crypto/secret-box.ts';
import { mailOutbox } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { counter } from '../kernel/metrics.ts';
import { findPlatformMailServer, findTenantMailServer, smtpTransport, type MailSender, type MailServer } from './routes.ts';

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

const deliveries = counter({
  name: 'portal_mail_deliveries_total',
  help: 'Mail delivery attempts of this process, by outcome (sent; retried: failed, tried again later; failed: for good; kept: no SMTP server, left in the outbox)',
  labelNames: ['outcome'],
});

type ClaimedMail = Pick<typeof mailOutbox.$inferSelect, 'id' | 'tenantId' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'icalMethod' | 'icalContent' | 'attempts'>;

type Route = { transport: Transporter; from: string | MailSender } | null;
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { config, database, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const batchSize = options.batchSize ?? 10;
  // SMTP_URL: the environment's default, for as long as no email settings are saved in the portal.
  const environment: Route = config.smtpUrl ? { transport: createTransport(config.smtpUrl), from: config.mailFrom } : null;
  const secrets = options.secrets ?? (config.dataDir ? createSecretBox(loadSecretKey({ secretKey: config.secretKey ?? null, dataDir: config.dataDir })) : null);
  // Transports by source ('platform' or a tenant id), each with the settings it was built from: a
  // transport (and its open connection) is reused while they stay the same and replaced when they change.
  const transports = new Map<string, { settings: string; route: Route }>();
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
          icalMethod: mailOutbox.icalMethod,
          icalContent: mailOutbox.icalContent,
          attempts: mailOutbox.attempts,
        });
    });

  /** The route of `server` from `source`, its transport reused while the settings are unchanged; null when there is none or it cannot be opened. */
  const routeOf = (source: string, server: MailServer | null, unusable: (error: unknown) => void): Route => {
    const settings = server ? JSON.stringify(server) : '';
    const known = transports.get(source);
    if (known && known.settings === settings) return known.route;
    known?.route?.transport.close();
    let route: Route = null;
    if (server) {
      try {
        route = { transport: smtpTransport(server, secrets), from: server.from };
      } catch (error) {
        unusable(error);
      }
    }
    transports.set(source, { settings, route });
    return route;
  };

  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  /**
   * The tenant's own SMTP when it has one, else the saved platform settings, else SMTP_URL (null:
   * keep the mail). Read afresh for every batch, so a server removed a moment ago is never used:
   * the API decided from the same reads whether mailed links may come from the request's host
   * (link-origin.ts), and a mail it let go only to the log must not leave.
   */
  const routeFor = async (tenantId: string): Promise<Route> => {
    const [own, platform] = await database.withPlatform(async (tx) => [await findTenantMailServer(tx, tenantId), await findPlatformMailServer(tx)] as const);
    const tenantRoute = routeOf(tenantId, own, (error) =>
      // A password sealed under another key cannot be opened: fall back to the platform, say why.
      log.error({ tenantId, err: messageOf(error) }, 'tenant SMTP settings unusable, using the platform SMTP'),
    );
    if (tenantRoute) return tenantRoute;
    const platformRoute = routeOf('platform', platform, (error) =>
      log.error({ err: messageOf(error) }, `platform email settings unusable, ${environment ? 'using SMTP_URL' : 'keeping mail in the outbox'}`),
    );
    return platformRoute ?? environment;
  };

  const deliver = async (mail: ClaimedMail, routes: Map<string, Route>) => {
    let route = routes.get(mail.tenantId);
    if (route === undefined) routes.set(mail.tenantId, (route = await routeFor(mail.tenantId)));
    if (!route) {
      log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody }, 'mail kept in the outbox (no SMTP configured)');
      await database.withPlatform((tx) =>
        tx.update(mailOutbox).set({ status: 'kept', attempts: mail.attempts + 1 }).where(eq(mailOutbox.id, mail.id)),
      );
      deliveries.inc({ outcome: 'kept' });
      return;
    }
    try {
      await route.transport.sendMail({
        from: route.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        // Sent as the calendar alternative (and an invite.ics attachment), which mail clients show as an invitation to accept.
        ...(mail.icalMethod && mail.icalContent ? { icalEvent: { method: mail.icalMethod, filename: 'invite.ics', content: mail.icalContent } } : {}),
      });
      await database.withPlatform((tx) =>
        tx
          .update(mailOutbox)
          .set({ status: 'sent', attempts: mail.attempts + 1, sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, mail.id)),
      );
      deliveries.inc({ outcome: 'sent' });
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
      deliveries.inc({ outcome: giveUp ? 'failed' : 'retried' });
      log.warn({ mailId: mail.id, to: mail.toAddress, attempts, err: lastError }, giveUp ? 'mail failed for good' : 'mail delivery failed, will retry');
    }
  };

  const drain = async () => {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      const routes = new Map<string, Route>();
      for (const mail of batch) await deliver(mail, routes);
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
      for (const { route } of transports.values()) route?.transport.close();
      transports.clear();
    },
  };
}
