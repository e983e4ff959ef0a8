// Share links of a recording. A link is a random token (only its SHA-256 is stored) with an expiry
// and an optional password (hashed like account passwords). The public player page reads what the
// link shows (getSharedRecording); a password-protected link is unlocked with its password for a
// short-lived grant signed with the server key, which the video element's requests carry.
// Wrong passwords are counted per link and client address on the sign-in counters' table, so a
// guesser locks only itself out of that one link, never the owner nor other visitors.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import { sha256 } from '../kernel/crypto/digest.ts';
import { registerAttempt, resetAttempts, tooManyAttempts } from '../auth/index.ts';
import { hashPassword, verifyPassword } from '../kernel/crypto/passwords.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import { recordingShares, recordings } from '../kernel/db/schema.ts';
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

const grantPurpose = 'recording-share-grant';

export function shareStatus(share: Pick<ShareRow, 'expiresAt' | 'revokedAt'>, now: Date): Schemas['RecordingShare']['status'] {
  if (share.revokedAt) return 'revoked';
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
  return { recordingId: row.recordingId, expiresAt: row.expiresAt.toISOString(), passwordProtected: row.passwordHash !== null, revokedAt: row.revokedAt?.toISOString() ?? null };
}

export type OpenedShare = { share: ShareRow; recording: RecordingRow };

const shareGone = (status: 'expired' | 'revoked') =>
  new ProblemError(410, `share_${status}`, { detail: status === 'expired' ? 'This link has expired' : 'This link was revoked' });

/** The working link of `token` with its recording: 404 `share_not_found`, 410 `share_expired` / `share_revoked`. */
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

const attemptKey = (shareId: string, address: string) => `recording share ${shareId} from ${address}`;

export type UnlockScope = Pick<RequestScope, 'db' | 'tenantId' | 'secrets'>;

/** The password's check, counted per link and address: 403 `share_password_wrong`, 429 past the limit. */
export async function unlockShare(scope: UnlockScope, opened: OpenedShare, password: string, address: string, now: Date): Promise<Schemas['ShareGrant']> {
  const { share } = opened;
  if (share.passwordHash === null) return issueGrant(scope.secrets, share.id, now);
  const key = attemptKey(share.id, address);
  const verdict = await scope.db((tx) => registerAttempt(tx, scope.tenantId, key));
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds, 'Too many wrong passwords for this link; try again later');
  if (!(await verifyPassword(share.passwordHash, password))) {
    throw new ProblemError(403, 'share_password_wrong', { detail: 'The password is not right' });
  }
  await scope.db((tx) => resetAttempts(tx, scope.tenantId, key));
  return issueGrant(scope.secrets, share.id, now);
}
