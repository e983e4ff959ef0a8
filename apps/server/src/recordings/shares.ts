// Share links of a recording. A link is a random token (only its SHA-256 is stored) with an expiry
// and an optional password (hashed like account passwords). The public player page reads what the
// link shows (getSharedRecording); a password-protected link is unlocked with its password for a
// short-lived grant signed with the server key, which the video element's requests carry.
// Wrong passwords are counted on the sign-in counters' table per link and client address (a
// guesser locks only itself out of that link) and per link across addresses (growing waits, then
// the link locks and its creator is mailed): many addresses cannot share out the guesses.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import { sha256 } from '../kernel/crypto/digest.ts';
import { registerAttempt, resetAttempts, tooManyAttempts } from '../auth/index.ts';
import { hashPassword, verifyPassword } from '../kernel/crypto/passwords.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import { loginAttempts, recordingShares, recordings, users } from '../kernel/db/schema.ts';
import { attemptSucceeded, countPacedAttempt, growingDelayMs, holdAttempts } from '../kernel/throttle/counters.ts';
import { enqueueMail } from '../mail/index.ts';
import { shareLockedMail } from './share-locked-mail.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';

type TenantDb = RequestScope['db'];
type ShareRow = typeof recordingShares.$inferSelect;
type RecordingRow = typeof recordings.$inferSelect;

/** How long a password's grant plays the video (each request still checks the link itself). */
export const grantLifetimeSeconds = 2 * 60 * 60;
/** The latest expiry a link may have. */
export const maxShareDays = 366;
/** The shortest password a link may have (the contract's minLength too). */
export const minSharePasswordLength = 10;

/** Long enough, and not only letters or only digits: a link's password is guessed online, from anywhere. */
export function strongSharePassword(password: string): boolean {
  return password.length >= minSharePasswordLength && password.length <= 128 && /\p{L}/u.test(password) && /\p{N}/u.test(password);
}

/**
 * Wrong passwords at one link, from every address together, in `windowMs`: past `slowAfter` each
 * next try waits twice as long as the one before (from 1 s up to `maxDelayMs`), and the
 * `lockAfter`-th locks the link for good and mails its creator. The creator makes a new link.
 */
export const shareLinkThrottle = { slowAfter: 5, lockAfter: 20, windowMs: 24 * 3600_000, maxDelayMs: 15 * 60_000 } as const;

const grantPurpose = 'recording-share-grant';

export function shareStatus(share: Pick<ShareRow, 'expiresAt' | 'revokedAt' | 'lockedAt'>, now: Date): Schemas['RecordingShare']['status'] {
  if (share.revokedAt) return 'revoked';
  if (share.lockedAt) return 'locked';
  return share.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toShare(row: ShareRow, now: Date): Schemas['RecordingShare'] {
  return {
    id: row.id,
    recordingId: row.recordingId,
    expiresAt: row.expiresAt.toISOString(),
    passwordProtected: row.passwordHash !== null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status: shareStatus(row, now),
  };
}

/** The tenant's recording (row-level security hides other tenants'), or 404. */
export async function recordingOf(tx: Database, recordingId: string): Promise<RecordingRow> {
  const [row] = await tx.select().from(recordings).where(eq(recordings.id, recordingId));
  if (!row) throw notFound();
  return row;
}

export async function listShares(db: TenantDb, recordingId: string, now: Date): Promise<Schemas['RecordingShareList']> {
  return db(async (tx) => {
    await recordingOf(tx, recordingId);
    const rows = await tx.select().from(recordingShares).where(eq(recordingShares.recordingId, recordingId)).orderBy(desc(recordingShares.createdAt), desc(recordingShares.id));
    return { items: rows.map((row) => toShare(row, now)) };
  });
}

export type CreateShareScope = Pick<RequestScope, 'db' | 'tenantId' | 'actorUserId' | 'audit'>;

export async function createShare(
  scope: CreateShareScope,
  recordingId: string,
  input: Schemas['RecordingShareInput'],
  now: Date,
): Promise<{ share: Schemas['RecordingShare']; token: string }> {
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + maxShareDays * 86_400_000) {
    throw fieldError('expiresAt', 'invalid_expiry', `The expiry must be in the future and at most ${maxShareDays} days ahead`);
  }
  const password = input.password ?? null;
  if (password !== null && !strongSharePassword(password)) {
    throw fieldError('password', 'invalid_share_password', `The password needs ${minSharePasswordLength} to 128 characters, with letters and digits`);
  }
  // Hashed before the transaction: Argon2 is slow by design and must not hold the connection.
  const passwordHash = password === null ? null : await hashPassword(password);
  const token = randomBytes(32).toString('base64url');
  const row = await scope.db(async (tx) => {
    await recordingOf(tx, recordingId);
    const [inserted] = await tx
      .insert(recordingShares)
      .values({ tenantId: scope.tenantId, recordingId, tokenHash: sha256(token), passwordHash, expiresAt, createdBy: scope.actorUserId })
      .returning();
    if (!inserted) throw new Error('The share link was not stored');
    // Who handed a recording out, until when and whether behind a password (never the token).
    await recordAudit(tx, scope.audit, { action: 'create', entity: 'recording_share', entityId: inserted.id, after: auditedShare(inserted) });
    return inserted;
  });
  return { share: toShare(row, now), token };
}

export async function revokeShare(db: TenantDb, actor: AuditActor, recordingId: string, shareId: string, now: Date): Promise<void> {
  await db(async (tx) => {
    const [row] = await tx
      .select()
      .from(recordingShares)
      .where(and(eq(recordingShares.id, shareId), eq(recordingShares.recordingId, recordingId)));
    if (!row) throw notFound();
    if (row.revokedAt) return;
    await tx.update(recordingShares).set({ revokedAt: now }).where(eq(recordingShares.id, shareId));
    await recordAudit(tx, actor, { action: 'update', entity: 'recording_share', entityId: shareId, before: auditedShare(row), after: auditedShare({ ...row, revokedAt: now }) });
  });
}

/** A link as the audit log keeps it. */
function auditedShare(row: ShareRow) {
  return { recordingId: row.recordingId, expiresAt: row.expiresAt.toISOString(), passwordProtected: row.passwordHash !== null, revokedAt: row.revokedAt?.toISOString() ?? null, locked: row.lockedAt !== null };
}

export type OpenedShare = { share: ShareRow; recording: RecordingRow };

const goneDetail = { expired: 'This link has expired', revoked: 'This link was revoked', locked: 'This link was locked after too many wrong passwords' } as const;

const shareGone = (status: keyof typeof goneDetail) => new ProblemError(410, `share_${status}`, { detail: goneDetail[status] });

/** The working link of `token` with its recording: 404 `share_not_found`, 410 `share_expired` / `share_revoked` / `share_locked`. */
export async function openShare(db: TenantDb, token: string, now: Date): Promise<OpenedShare> {
  const found = await db(async (tx) => {
    const [row] = await tx
      .select({ share: recordingShares, recording: recordings })
      .from(recordingShares)
      .innerJoin(recordings, eq(recordings.id, recordingShares.recordingId))
      .where(eq(recordingShares.tokenHash, sha256(token)));
    return row ?? null;
  });
  if (!found) throw new ProblemError(404, 'share_not_found', { detail: 'No such link' });
  const status = shareStatus(found.share, now);
  if (status !== 'active') throw shareGone(status);
  return found;
}

export function describeShare({ share, recording }: OpenedShare): Schemas['SharedRecording'] {
  return {
    topic: recording.topic,
    code: recording.code,
    startedAt: recording.startedAt.toISOString(),
    durationSeconds: recording.durationSeconds,
    expiresAt: share.expiresAt.toISOString(),
    passwordRequired: share.passwordHash !== null,
    hasVideo: recording.videoKey !== null,
  };
}

export function issueGrant(secrets: SecretBox, shareId: string, now: Date): Schemas['ShareGrant'] {
  const expires = Math.floor(now.getTime() / 1000) + grantLifetimeSeconds;
  const data = `${shareId}.${expires}`;
  return { grant: `${data}.${secrets.sign(grantPurpose, data)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether `grant` was issued for this link by this server and has not run out. */
export function grantValid(secrets: SecretBox, shareId: string, grant: string | undefined, now: Date): boolean {
  if (!grant) return false;
  const lastDot = grant.lastIndexOf('.');
  const data = grant.slice(0, lastDot);
  const [id, expires] = data.split('.');
  if (lastDot < 0 || id !== shareId || !expires || !/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(secrets.sign(grantPurpose, data));
  const given = Buffer.from(grant.slice(lastDot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const linkKey = (shareId: string) => `recording share ${shareId}`;
const attemptKey = (shareId: string, address: string) => `${linkKey(shareId)} from ${address}`;

export type UnlockScope = Pick<RequestScope, 'db' | 'tenantId' | 'secrets' | 'audit'>;

/**
 * The password's check, counted per link and address (5, then 429 to that address) and per link
 * across addresses (shareLinkThrottle): 403 `share_password_wrong`, 429 `too_many_attempts` with
 * Retry-After, 410 `share_locked` once the link locked.
 */
export async function unlockShare(scope: UnlockScope, opened: OpenedShare, password: string, address: string, now: Date): Promise<Schemas['ShareGrant']> {
  const { share } = opened;
  if (share.passwordHash === null) return issueGrant(scope.secrets, share.id, now);
  const key = attemptKey(share.id, address);
  const verdict = await scope.db((tx) => registerAttempt(tx, scope.tenantId, key));
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds, 'Too many wrong passwords for this link; try again later');
  // Thrown after the transaction, which must keep the lock.
  if ((await scope.db((tx) => paceLinkAttempt(tx, scope, opened, now))) === 'locked') throw shareGone('locked');
  if (!(await verifyPassword(share.passwordHash, password))) {
    throw new ProblemError(403, 'share_password_wrong', { detail: 'The password is not right' });
  }
  await scope.db(async (tx) => {
    await resetAttempts(tx, scope.tenantId, key);
    await attemptSucceeded(tx, scope.tenantId, linkKey(share.id));
  });
  return issueGrant(scope.secrets, share.id, now);
}

/** Counts this try on the link's own counter before the password is checked: waits, or locks the link. */
async function paceLinkAttempt(tx: Database, scope: UnlockScope, opened: OpenedShare, now: Date): Promise<'locked' | 'counted'> {
  const { share } = opened;
  const tally = await countPacedAttempt(tx, scope.tenantId, linkKey(share.id), shareLinkThrottle.windowMs, now);
  if (tally.heldUntil) {
    throw tooManyAttempts(Math.max(1, Math.ceil((tally.heldUntil.getTime() - now.getTime()) / 1000)), 'Too many wrong passwords for this link; wait before the next try');
  }
  if (tally.failures >= shareLinkThrottle.lockAfter) {
    await lockShare(tx, scope, opened, tally.failures, now);
    return 'locked';
  }
  const delayMs = growingDelayMs(tally.failures, shareLinkThrottle.slowAfter, 1000, shareLinkThrottle.maxDelayMs);
  if (delayMs > 0) await holdAttempts(tx, scope.tenantId, linkKey(share.id), new Date(now.getTime() + delayMs));
  return 'counted';
}

/** Locks the link (once), tells its creator by mail in the same transaction, and records it. */
async function lockShare(tx: Database, scope: UnlockScope, { share, recording }: OpenedShare, failures: number, now: Date): Promise<void> {
  const [locked] = await tx
    .update(recordingShares)
    .set({ lockedAt: now })
    .where(and(eq(recordingShares.id, share.id), isNull(recordingShares.lockedAt)))
    .returning();
  if (!locked) return;
  await recordAudit(tx, scope.audit, { action: 'update', entity: 'recording_share', entityId: share.id, before: auditedShare(share), after: auditedShare(locked) });
  const [creator] = share.createdBy
    ? await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, share.createdBy)).limit(1)
    : [];
  // A creator of another realm (the platform administrator) or one since deleted: the audit log still says it.
  if (!creator) return;
  const [addresses] = await tx
    .select({ value: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, scope.tenantId), sql`starts_with(${loginAttempts.email}, ${`${linkKey(share.id)} from `})`));
  const mail = shareLockedMail({ topic: recording.topic, failures, addresses: addresses?.value ?? 1, language: creator.language });
  await enqueueMail(tx, { tenantId: scope.tenantId, to: creator.email, ...mail });
}
