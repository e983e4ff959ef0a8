// Every outgoing mail is first a row in mail_outbox, written in the same transaction as the change
// that causes it: the mail exists exactly when that change committed, and delivery (with retries)
// happens later in the worker, never inside a request.
import { mailOutbox } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type OutgoingMail = { tenantId: string; to: string; subject: string; text: string; html?: string | null };

/** Queues a mail in the caller's transaction and returns its outbox id. */
export async function enqueueMail(tx: Database, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ tenantId: mail.tenantId, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
