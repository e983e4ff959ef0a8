// Limits on the public account operations, so they cannot be used to flood mailboxes or fill the
// users table. Per client address: kept in memory, which is enough to slow one source down (each
// replica counts on its own). Per recipient: counted from the outbox itself, so it holds across
// replicas and restarts.
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { present } from '../kernel/db/present.ts';

export const accountLimits = {
  /** Sign-ups per client address and window. */
  signupsPerAddress: 20,
  addressWindowMs: 15 * 60_000,
  /** Account mails (sign-up, reset, email confirmation) per recipient and window; more are silently not sent. */
  mailsPerRecipient: 5,
  recipientWindowMs: 60 * 60_000,
} as const;

export type AddressThrottle = { take: (key: string) => { allowed: true } | { allowed: false; retryAfterSeconds: number } };

export function createAddressThrottle(limit: number, windowMs: number, now: () => number = Date.now): AddressThrottle {
  const hits = new Map<string, number[]>();
  return {
    take(key) {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > t - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((present(recent[0], 'recent[0]') + windowMs - t) / 1000)) };
      }
      recent.push(t);
      hits.set(key, recent);
      // Forget idle keys now and then so the map cannot grow without bound.
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((at) => at <= t - windowMs)) hits.delete(k);
      return { allowed: true };
    },
  };
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
