// Two-factor rules: setup (password, pending sealed secret), turning it on with a first code,
// turning it off, and the second sign-in step. Replay protection is one conditional UPDATE
// (`totp_last_step < step`), so two concurrent requests with the same code cannot both pass;
// wrong codes are counted per account BEFORE they are checked and committed apart from the
// check, as the password throttle does, so parallel guesses cannot outrun the counter.
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import { actionTokens, recoveryCodes, users } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import { ProblemError } from '../../kernel/http/problem.ts';
import { sha256 } from '../../kernel/crypto/digest.ts';
import type { RequestScope } from '../../kernel/http/request-scope.ts';
import { registerAttempt, resetAttempts, tooManyAttempts, verifyPasswordThrottled } from '../../kernel/throttle/password-guesses.ts';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.ts';
import { generateTotpSecret, matchTotpStep, otpauthUrl } from './totp.ts';

export type TwoFactorScope = Pick<RequestScope, 'tenantId' | 'db' | 'secrets'>;

type UserRow = typeof users.$inferSelect;

export const passwordIncorrect = () =>
  new ProblemError(400, 'password_incorrect', { errors: [{ field: 'password', code: 'password_incorrect' }] });
export const codeInvalid = (field: 'code' | 'recoveryCode' = 'code') =>
  new ProblemError(400, 'code_invalid', { errors: [{ field, code: 'code_invalid' }] });
const tokenInvalid = () => new ProblemError(400, 'token_invalid', { detail: 'The temporary id is unknown, used or expired; sign in again' });

/** The code counter is apart from the password counter: a right password must not reset it. */
const codeThrottleKey = (userId: string) => `two-factor:${userId}`;

async function throttle(scope: TwoFactorScope, key: string): Promise<void> {
  const verdict = await scope.db((tx) => registerAttempt(tx, scope.tenantId, key));
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

async function loadUser(scope: TwoFactorScope, userId: string): Promise<UserRow> {
  const [user] = await scope.db((tx) => tx.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw new ProblemError(401, 'unauthenticated');
  return user;
}

/** Throttled like sign-in (same per-email counter): a stolen session must not become a password oracle. */
async function checkPassword(scope: TwoFactorScope, user: UserRow, password: string): Promise<void> {
  const ok = await verifyPasswordThrottled(scope.db, { tenantId: scope.tenantId, email: user.email, passwordHash: user.passwordHash, password });
  if (!ok) throw passwordIncorrect();
}

/**
 * Accepts `code` once: records its step only if newer than the last accepted one. `extra` runs in
 * the same transaction after a successful check (e.g. turning two-factor on).
 */
async function acceptCode(
  scope: TwoFactorScope,
  user: UserRow,
  code: string,
  extra: (tx: Database) => Promise<void> = async () => {},
): Promise<void> {
  if (!user.totpSecret) throw codeInvalid();
  await throttle(scope, codeThrottleKey(user.id));
  const step = matchTotpStep(scope.secrets.open(user.totpSecret), code);
  if (step === null) throw codeInvalid();
  const accepted = await scope.db(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    if (!row) return false;
    await extra(tx);
    await resetAttempts(tx, scope.tenantId, codeThrottleKey(user.id));
    return true;
  });
  // Same answer as a wrong code: a replayed code is simply not valid any more.
  if (!accepted) throw codeInvalid();
}

export async function twoFactorStatus(scope: TwoFactorScope, userId: string) {
  return scope.db(async (tx) => {
    const [user] = await tx.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).limit(1);
    const [left] = await tx
      .select({ value: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const enabledAt = user?.enabledAt ?? null;
    return { enabled: enabledAt !== null, enabledAt: enabledAt?.toISOString() ?? null, recoveryCodesLeft: enabledAt ? (left?.value ?? 0) : 0 };
  });
}

export async function startSetup(scope: TwoFactorScope, input: { userId: string; password: string; issuer: string }) {
  const user = await loadUser(scope, input.userId);
  await checkPassword(scope, user, input.password);
  if (user.totpEnabledAt) throw new ProblemError(409, 'two_factor_enabled', { detail: 'Two-factor authentication is already on' });
  const secret = generateTotpSecret();
  await scope.db((tx) =>
    tx
      .update(users)
      .set({ totpSecret: scope.secrets.seal(secret), totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt))),
  );
  const url = otpauthUrl({ secret, issuer: input.issuer, account: user.email });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl: url, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export async function enable(scope: TwoFactorScope, input: { userId: string; code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await loadUser(scope, input.userId);
  if (user.totpEnabledAt) throw new ProblemError(409, 'two_factor_enabled', { detail: 'Two-factor authentication is already on' });
  if (!user.totpSecret) throw new ProblemError(409, 'two_factor_not_started', { detail: 'Start the setup with get2FA first' });
  const codes = generateRecoveryCodes();
  await acceptCode(scope, user, input.code, async (tx) => {
    // Only the first of two concurrent enables turns it on: the second must not replace the
    // recovery codes the first one just showed.
    const [turnedOn] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!turnedOn) throw new ProblemError(409, 'two_factor_enabled', { detail: 'Two-factor authentication is already on' });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ tenantId: scope.tenantId, userId: user.id, codeHash: hashRecoveryCode(code) })));
  });
  return { recoveryCodes: codes };
}

export async function disable(scope: TwoFactorScope, input: { userId: string; password: string; code: string }): Promise<void> {
  const user = await loadUser(scope, input.userId);
  await checkPassword(scope, user, input.password);
  if (!user.totpEnabledAt) throw new ProblemError(409, 'two_factor_disabled', { detail: 'Two-factor authentication is off' });
  await acceptCode(scope, user, input.code, async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/**
 * The second sign-in step. The tmpid is only looked at here and consumed with the success, so a
 * typo does not send the user back to the password; it still expires after 5 minutes. Answers the
 * user to start a session for.
 */
export async function verifySecondFactor(
  scope: TwoFactorScope,
  input: { tmpid: string; code?: string; recoveryCode?: string },
): Promise<UserRow> {
  if ((input.code === undefined) === (input.recoveryCode === undefined)) {
    throw new ProblemError(400, 'validation_failed', {
      errors: [{ field: 'code', code: 'required', message: 'Send exactly one of code or recoveryCode' }],
    });
  }
  const tokenId = sha256(input.tmpid);
  const [token] = await scope.db((tx) =>
    tx
      .select({ userId: actionTokens.userId })
      .from(actionTokens)
      .where(
        and(eq(actionTokens.id, tokenId), eq(actionTokens.purpose, 'two_factor'), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, new Date())),
      )
      .limit(1),
  );
  if (!token) throw tokenInvalid();
  const user = await loadUser(scope, token.userId);
  if (user.status !== 'enabled' || !user.totpEnabledAt) throw tokenInvalid();

  const consumeToken = async (tx: Database) => {
    const [used] = await tx
      .update(actionTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(actionTokens.id, tokenId), isNull(actionTokens.usedAt)))
      .returning({ id: actionTokens.id });
    // Another request finished this sign-in first.
    if (!used) throw tokenInvalid();
  };

  if (input.code !== undefined) {
    await acceptCode(scope, user, input.code, consumeToken);
    return user;
  }
  await throttle(scope, codeThrottleKey(user.id));
  const accepted = await scope.db(async (tx) => {
    const [row] = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashRecoveryCode(input.recoveryCode ?? '')), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    if (!row) return false;
    await consumeToken(tx);
    await resetAttempts(tx, scope.tenantId, codeThrottleKey(user.id));
    return true;
  });
  if (!accepted) throw codeInvalid('recoveryCode');
  return user;
}
