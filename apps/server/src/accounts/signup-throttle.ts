// Limits on the public account operations, so they cannot be used to flood mailboxes or fill the
// users table. Per client address: on the database's attempt counters (kernel/throttle). Per
// recipient: counted from the outbox itself. Both hold across replicas and restarts.
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { countAttempt, secondsLeft } from '../kernel/throttle/counters.ts';

export const accountLimits = {
  /** Sign-ups per client address and window. */
  signupsPerAddress: 20,
  addressWindowMs: 15 * 60_000,
  /** Account mails (sign-up, reset, email confirmation) per recipient and window; more are silently not sent. */
  mailsPerRecipient: 5,
  recipientWindowMs: 60 * 60_000,
} as const;

/** Sign-ups create accounts; the mail requests (resend, forgot password) only send mail: counted apart. */
export type AddressBucket = 'signup' | 'mail';

export type AddressVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One more request of `bucket` from `address`, on the database's counters (kernel/throttle), so every replica counts it. */
export async function takeAddressAttempt(tx: Database, tenantId: string, bucket: AddressBucket, address: string): Promise<AddressVerdict> {
  const count = await countAttempt(tx, tenantId, `account ${bucket} ${address}`, accountLimits.addressWindowMs);
  if (count.failures <= accountLimits.signupsPerAddress) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsLeft(count, accountLimits.addressWindowMs) };
}

/** True when `to` already received the maximum of account mails in the window. */
export async function recipientOverLimit(tx: Database, tenantId: string, to: string): Promise<boolean> {
  // Concurrent requests for one recipient queue here until the transaction ends, so they cannot
  // all count below the limit before any of them has queued its mail.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-mail:${tenantId}:${to}`}))`);
  const since = new Date(Date.now() - accountLimits.recipientWindowMs);
  const [row] = await tx
    .select({ value: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.tenantId, tenantId),
        eq(mailOutbox.toAddress, to),
        inArray(mailOutbox.template, ['signup', 'reset_password', 'confirm_email']),
        gt(mailOutbox.createdAt, since),
      ),
    );
  return (row?.value ?? 0) >= accountLimits.mailsPerRecipient;
}
