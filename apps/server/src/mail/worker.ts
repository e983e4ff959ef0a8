// Delivers queued mail. The outbox row is the state: a mail is claimed by pushing its
// next_attempt_at forward (a lease, so a crash mid-send retries it later and two replicas never
// send the same batch), then marked sent, rescheduled with exponential backoff, or failed after
// the last attempt. Without SMTP a mail is `kept` and written to the log, so a developer can
// still follow its links.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { mailOutbox } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type MailWorkerConfig = { smtpUrl?: string | null; mailFrom: string };
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
};
export type MailWorker = { stop: () => Promise<void>; runOnce: () => Promise<number> };

export const MAX_ATTEMPTS = 8;
const BASE_RETRY_SECONDS = 60;
const LEASE_SECONDS = 300;

/** Seconds until the next try after `attempts` failed ones: 1 min, 2 min, 4 min ... */
export function retryDelaySeconds(attempts: number): number {
  return BASE_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1);
}

type ClaimedMail = Pick<typeof mailOutbox.$inferSelect, 'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'>;

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { config, database, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const batchSize = options.batchSize ?? 10;
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
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
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          textBody: mailOutbox.textBody,
          htmlBody: mailOutbox.htmlBody,
          attempts: mailOutbox.attempts,
        });
    });

  const deliver = async (mail: ClaimedMail) => {
    if (!transport) {
      log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.textBody }, 'mail kept in the outbox (no SMTP configured)');
      await database.withPlatform((tx) =>
        tx.update(mailOutbox).set({ status: 'kept', attempts: mail.attempts + 1 }).where(eq(mailOutbox.id, mail.id)),
      );
      return;
    }
    try {
      await transport.sendMail({
        from: config.mailFrom,
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
      transport?.close();
    },
  };
}
