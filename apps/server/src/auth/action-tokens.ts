// Single-use, expiring tokens for links in mails (invite, reset, sign-up, email confirmation) and
// for the temporary id a sign-in hands out when the password must change. Only a SHA-256 of the
// token is stored.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../kernel/crypto/digest.ts';
import { actionTokens } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

export type ActionPurpose = 'invite' | 'reset_password' | 'change_password' | 'two_factor' | 'confirm_email' | 'signup';

export const tokenLifetimes: Record<ActionPurpose, number> = {
  invite: 72 * 3600_000,
  reset_password: 3600_000,
  change_password: 15 * 60_000,
  // Between a right password and the authenticator code of a two-factor sign-in.
  two_factor: 5 * 60_000,
  // A new login email is confirmed from its own mailbox, perhaps on another day.
  confirm_email: 24 * 3600_000,
  // A self-registered account's CREATE PASSWORD link, like an invitation.
  signup: 72 * 3600_000,
};


/** Creates a token and returns its secret value (to put in a link); earlier unused ones of the same purpose are voided. */
export async function createActionToken(
  tx: Database,
  input: { tenantId: string; userId: string; purpose: ActionPurpose },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(actionTokens.userId, input.userId), eq(actionTokens.purpose, input.purpose), isNull(actionTokens.usedAt)));
  await tx.insert(actionTokens).values({
    id: sha256(token),
    tenantId: input.tenantId,
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: new Date(Date.now() + tokenLifetimes[input.purpose]),
  });
  return token;
}

/** Marks the token used and returns its user, or null when unknown, used, expired or of another purpose. */
export async function consumeActionToken(tx: Database, token: string, purposes: ActionPurpose[]): Promise<{ userId: string } | null> {
  const [row] = await tx
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(actionTokens.id, sha256(token)),
        inArray(actionTokens.purpose, purposes),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: actionTokens.userId });
  return row ?? null;
}

/** Why a token was refused; each has its own problem code so a screen can say so and offer a new link. */
export type TokenRefusal = 'token_invalid' | 'token_expired' | 'token_used';

export type RedeemedToken = { ok: true; userId: string } | { ok: false; reason: TokenRefusal };

/**
 * Like `consumeActionToken`, but tells a refused token's reason. The consuming update runs first,
 * so of two concurrent uses exactly one wins; only a refusal pays for the second look-up.
 */
export async function redeemActionToken(tx: Database, token: string, purposes: ActionPurpose[]): Promise<RedeemedToken> {
  const consumed = await consumeActionToken(tx, token, purposes);
  if (consumed) return { ok: true, userId: consumed.userId };
  const [row] = await tx
    .select({ usedAt: actionTokens.usedAt, expiresAt: actionTokens.expiresAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.id, sha256(token)), inArray(actionTokens.purpose, purposes)))
    .limit(1);
  if (!row) return { ok: false, reason: 'token_invalid' };
  if (row.usedAt) return { ok: false, reason: 'token_used' };
  return { ok: false, reason: row.expiresAt <= new Date() ? 'token_expired' : 'token_invalid' };
}
