// Accounts by email: self sign-up with a mailed CREATE PASSWORD link, its resend, creating the
// password, and the forgot-password mail. Mails are queued in the same transaction as the change
// that causes them (src/mail/outbox.ts).
import { and, eq, isNull } from 'drizzle-orm';
import { createActionToken, redeemActionToken, tokenLifetimes, type ActionPurpose, resetAttempts } from '../auth/index.ts';
import { hashPassword } from '../kernel/crypto/passwords.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { actionTokens, roles, tenants, userRoles, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { ensureRoomForUsers } from '../kernel/tenancy/user-limit.ts';
import { enqueueMail, tenantMailBrand, pickMailLanguage, resetPasswordMail, signupMail, type AccountMailInput, type MailLanguage, type RenderedMail } from '../mail/index.ts';
import { recipientOverLimit } from './signup-throttle.ts';
import { present } from '../kernel/db/present.ts';

export type AccountScope = Pick<RequestScope, 'tenantId' | 'db'> & {
  /** Base URL of links in mails (PUBLIC_URL or the saved public URL, see mail/link-origin.ts). */
  origin: string;
  acceptLanguage: string | null;
};

export const signupDisabled = () =>
  new ProblemError(403, 'signup_disabled', { detail: 'Sign-up with email is not enabled for this tenant.' });

export const emailRegistered = () =>
  new ProblemError(409, 'email_registered', {
    detail: 'Email already registered',
    errors: [{ field: 'email', code: 'email_registered', message: 'Email already registered' }],
  });

async function queueAccountMail(
  tx: Database,
  scope: AccountScope,
  user: { id: string; email: string; firstName: string; language: MailLanguage | null },
  purpose: Extract<ActionPurpose, 'signup' | 'reset_password'>,
): Promise<void> {
  const token = await createActionToken(tx, { tenantId: scope.tenantId, userId: user.id, purpose });
  const path = purpose === 'signup' ? '/portal/create-password' : '/portal/auth/reset-password';
  const input: AccountMailInput = {
    ...(await tenantMailBrand(tx, scope.tenantId, scope.origin)),
    firstName: user.firstName,
    link: `${scope.origin}${path}?token=${encodeURIComponent(token)}`,
    expiresInHours: tokenLifetimes[purpose] / 3_600_000,
    language: pickMailLanguage(user.language, scope.acceptLanguage),
  };
  const mail: RenderedMail = purpose === 'signup' ? signupMail(input) : resetPasswordMail(input);
  await enqueueMail(tx, { tenantId: scope.tenantId, to: user.email, ...mail });
}

export type SignupInput = { email: string; firstName: string; lastName: string; language?: MailLanguage };

export async function signUp(scope: AccountScope, input: SignupInput): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  try {
    return await scope.db(async (tx) => {
      const [tenant] = await tx.select({ signupNormal: tenants.signupNormal }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
      if (!tenant?.signupNormal) throw signupDisabled();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, scope.tenantId), eq(users.email, email)))
        .limit(1);
      if (taken) throw emailRegistered();
      await ensureRoomForUsers(tx, scope.tenantId, 1);
      const [member] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, scope.tenantId), eq(roles.name, 'member')))
        .limit(1);
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: scope.tenantId,
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: null,
          status: 'enabled',
          language: input.language ?? null,
        })
        .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
      if (member) await tx.insert(userRoles).values({ tenantId: scope.tenantId, userId: present(user, 'user').id, roleId: member.id });
      await queueAccountMail(tx, scope, present(user, 'user'), 'signup');
      return { email };
    });
  } catch (error) {
    // Two sign-ups of one address at once: the unique index decides, the loser hears the same answer.
    if (isUniqueViolation(error)) throw emailRegistered();
    throw error;
  }
}

/** A new sign-up mail, only for an account registered by sign-up that has no password yet. */
export async function resendSignupMail(scope: AccountScope, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await scope.db(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .innerJoin(actionTokens, and(eq(actionTokens.userId, users.id), eq(actionTokens.purpose, 'signup')))
      .where(and(eq(users.tenantId, scope.tenantId), eq(users.email, email), isNull(users.passwordHash), eq(users.status, 'enabled')))
      .limit(1);
    if (!user || (await recipientOverLimit(tx, scope.tenantId, user.email))) return;
    await queueAccountMail(tx, scope, user, 'signup');
  });
}

/** Forgot password: a reset mail for an enabled account; nothing (and the same answer) otherwise. */
export async function requestPasswordReset(scope: AccountScope, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await scope.db(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.tenantId, scope.tenantId), eq(users.email, email), eq(users.status, 'enabled')))
      .limit(1);
    if (!user || (await recipientOverLimit(tx, scope.tenantId, user.email))) return;
    await queueAccountMail(tx, scope, user, 'reset_password');
  });
}

/** Create password: consumes the sign-up link's token and sets the account's first password. */
export async function enableAccount(scope: AccountScope, token: string, password: string): Promise<void> {
  // Hashed before the transaction: Argon2 is slow and must not hold the (single PGlite) connection.
  const passwordHash = await hashPassword(password);
  await scope.db(async (tx) => {
    const redeemed = await redeemActionToken(tx, token, ['signup']);
    if (!redeemed.ok) throw tokenProblem(redeemed.reason);
    // The account takes its seat now (user-limit.ts); a refusal rolls back, the link stays usable.
    await ensureRoomForUsers(tx, scope.tenantId, 1);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, changePasswordOnSignIn: false, updatedAt: new Date() })
      // Only a first password: one set meanwhile (forgot password) is never overwritten by this link.
      .where(and(eq(users.id, redeemed.userId), isNull(users.passwordHash)))
      .returning({ email: users.email });
    if (!user) throw tokenProblem('token_used');
    await resetAttempts(tx, scope.tenantId, user.email);
  });
}

const tokenDetails = {
  token_invalid: 'The link is unknown.',
  token_used: 'The link has already been used.',
  token_expired: 'The link has expired.',
} as const;

export function tokenProblem(reason: keyof typeof tokenDetails): ProblemError {
  return new ProblemError(400, reason, { detail: tokenDetails[reason] });
}
