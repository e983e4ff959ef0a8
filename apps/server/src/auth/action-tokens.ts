// Single-use, expiring tokens for links in mails (invite, reset) and for the temporary id a
// sign-in hands out when the password must change. Only a SHA-256 of the token is stored.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { actionTokens } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type ActionPurpose = 'invite' | 'reset_password' | 'change_password';

export const tokenLifetimes: Record<ActionPurpose, number> = {
  invite: 72 * 3600_000,
  reset_password: 3600_000,
  change_password: 15 * 60_000,
};

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

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
