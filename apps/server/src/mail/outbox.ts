// Every outgoing mail is first a row in mail_outbox, written in the same transaction as the change
// that causes it: the mail exists exactly when that change committed, and delivery (with retries)
// happens later in the worker, never inside a request.
import { mailOutbox } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { present } from '../kernel/db/present.ts';

/** `template` names the kind of mail (invite, signup ...) for the email log; `calendar` an invitation calendar clients can accept. */
export type OutgoingMail = {
  tenantId: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  template?: string | null;
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
};

/** Queues a mail in the caller's transaction and returns its outbox id. */
export async function enqueueMail(tx: Database, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      tenantId: mail.tenantId,
      toAddress: mail.to,
      template: mail.template ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      icalMethod: mail.calendar?.method ?? null,
      icalContent: mail.calendar?.content ?? null,
    })
    .returning({ id: mailOutbox.id });
  return present(row, 'row').id;
}
