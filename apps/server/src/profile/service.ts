// The rules of a person's own profile and sessions. Slow work (Argon2 hashing, file writes)
// happens outside the database transaction so it never holds a connection.
import type { FileStore } from '../kernel/files/index.ts';
import { sha256 } from '../kernel/crypto/digest.ts';
import { createActionToken, redeemActionToken, tokenLifetimes, verifyPasswordThrottled, deleteUserSessions } from '../auth/index.ts';
import { hashPassword, passwordRule } from '../kernel/crypto/passwords.ts';
import type { Database } from '../kernel/db/types.ts';
import type { JsonBody, Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import { recipientOverLimit } from '../accounts/index.ts';
import { enqueueMail, tenantMailBrand, confirmEmailMail, pickMailLanguage } from '../mail/index.ts';
import { normaliseEmail } from '../users/index.ts';
import { deviceLabel } from './device-label.ts';
import { IMAGE_MAX_BYTES, detectImageType } from './image-type.ts';
import { extOfPictureUrl, pictureUrl, readPicture, removePictures, writePicture } from './picture-files.ts';
import { isKnownTimeZone } from './preferences.ts';
import {
  deleteSessionRow,
  emailTaken,
  findProfile,
  liveSessions,
  updateProfileRow,
  type ProfileChanges,
  type ProfileRow,
} from './queries.ts';

type Profile = Schemas['Profile'];
type ProfileUpdate = Schemas['ProfileUpdate'];
type ActiveSession = Schemas['ActiveSession'];

/** The signed-in person a profile operation acts for. */
export type Me = {
  tenantId: string;
  userId: string;
  /** The stored id of the session making the request. */
  sessionId: string;
  db: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;
};

export function toProfileDto(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    pendingEmail: row.pendingEmail,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    organisation: row.organisation,
    organisationName: row.organisationName,
    accountType: row.accountType,
    language: row.language,
    timeZone: row.timeZone,
    dateFormat: row.dateFormat as Profile['dateFormat'],
    timeFormat: row.timeFormat as Profile['timeFormat'],
    photoUrl: row.photoUrl,
  };
}

const passwordIncorrect = () =>
  new ProblemError(400, 'password_incorrect', { errors: [{ field: 'currentPassword', code: 'password_incorrect', message: 'Incorrect password' }] });

const emailExists = () =>
  new ProblemError(409, 'email_exists', { errors: [{ field: 'newEmail', code: 'email_exists', message: 'A user with this email already exists.' }] });

async function loadMe(me: Me, tx: Database): Promise<ProfileRow> {
  const row = await findProfile(tx, me.tenantId, me.userId);
  // The session was valid a moment ago; a user deleted since is as good as signed out.
  if (!row) throw new ProblemError(401, 'unauthenticated');
  return row;
}

export async function getProfile(me: Me): Promise<Profile> {
  return toProfileDto(await me.db((tx) => loadMe(me, tx)));
}

// Free text: surrounding spaces are dropped and an empty value means "not set".
const optionalText = (value: string | null) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export async function updateProfile(me: Me, patch: ProfileUpdate): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (patch.firstName !== undefined) changes.firstName = patch.firstName.trim();
  if (patch.lastName !== undefined) changes.lastName = patch.lastName.trim();
  if (patch.displayName !== undefined) changes.displayName = optionalText(patch.displayName);
  if (patch.organisation !== undefined) changes.organisation = optionalText(patch.organisation);
  if (patch.organisationName !== undefined) changes.organisationName = optionalText(patch.organisationName);
  if (patch.accountType !== undefined) changes.accountType = patch.accountType;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.timeZone !== undefined) {
    if (patch.timeZone !== null && !isKnownTimeZone(patch.timeZone)) {
      throw fieldError('timeZone', 'invalid_time_zone', 'Not a time zone name this server knows (IANA, e.g. Europe/Paris)');
    }
    changes.timeZone = patch.timeZone;
  }
  if (patch.dateFormat !== undefined) changes.dateFormat = patch.dateFormat;
  if (patch.timeFormat !== undefined) changes.timeFormat = patch.timeFormat;
  const row = await me.db(async (tx) => {
    await loadMe(me, tx);
    return updateProfileRow(tx, me.tenantId, me.userId, changes);
  });
  if (!row) throw new ProblemError(401, 'unauthenticated');
  return toProfileDto(row);
}

async function checkCurrentPassword(me: Me, currentPassword: string): Promise<ProfileRow> {
  const row = await me.db((tx) => loadMe(me, tx));
  const ok = await verifyPasswordThrottled(me.db, { tenantId: me.tenantId, email: row.email, passwordHash: row.passwordHash, password: currentPassword });
  if (!ok) throw passwordIncorrect();
  return row;
}

export async function changePassword(me: Me, input: JsonBody<'updateProfilePassword'>): Promise<void> {
  if (!passwordRule.test(input.newPassword)) throw fieldError('newPassword', 'weak_password');
  await checkCurrentPassword(me, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await me.db(async (tx) => {
    await updateProfileRow(tx, me.tenantId, me.userId, { passwordHash });
    // Whoever knew the old password may hold a session: all but this one end.
    await deleteUserSessions(tx, me.userId, me.sessionId);
  });
}

export type MailContext = { origin: string; acceptLanguage: string | null };

export async function requestEmailChange(me: Me, input: JsonBody<'changeEmail'>, mail: MailContext): Promise<Profile> {
  const newEmail = normaliseEmail(input.newEmail);
  const current = await checkCurrentPassword(me, input.currentPassword);
  if (newEmail === current.email) throw fieldError('newEmail', 'same_email', 'This is already your login email');
  const row = await me.db(async (tx) => {
    if (await emailTaken(tx, me.tenantId, newEmail, me.userId)) throw emailExists();
    // The confirmation goes to an address of the caller's choosing: limited like every account mail.
    if (await recipientOverLimit(tx, me.tenantId, newEmail)) {
      throw new ProblemError(429, 'rate_limited', { detail: 'Too many mails to this address; try again later', headers: { 'retry-after': '3600' } });
    }
    const updated = await updateProfileRow(tx, me.tenantId, me.userId, { pendingEmail: newEmail });
    if (!updated) throw new ProblemError(401, 'unauthenticated');
    const token = await createActionToken(tx, { tenantId: me.tenantId, userId: me.userId, purpose: 'confirm_email' });
    const rendered = confirmEmailMail({
      ...(await tenantMailBrand(tx, me.tenantId, mail.origin)),
      firstName: updated.firstName,
      link: `${mail.origin}/portal/profile?confirmEmail=${encodeURIComponent(token)}`,
      expiresInHours: tokenLifetimes.confirm_email / 3_600_000,
      language: pickMailLanguage(updated.language, mail.acceptLanguage),
    });
    await enqueueMail(tx, { tenantId: me.tenantId, to: newEmail, ...rendered });
    return updated;
  });
  return toProfileDto(row);
}

export async function confirmEmailChange(me: Me, token: string): Promise<Profile> {
  const row = await me.db(async (tx) => {
    const redeemed = await redeemActionToken(tx, token, ['confirm_email']);
    if (!redeemed.ok) throw new ProblemError(400, redeemed.reason);
    // Following someone else's link while signed in must not change this account (the throw rolls the use back).
    if (redeemed.userId !== me.userId) throw new ProblemError(400, 'token_invalid');
    const user = await loadMe(me, tx);
    if (!user.pendingEmail) throw new ProblemError(400, 'token_invalid');
    if (await emailTaken(tx, me.tenantId, user.pendingEmail, me.userId)) throw emailExists();
    return updateProfileRow(tx, me.tenantId, me.userId, { email: user.pendingEmail, pendingEmail: null });
  });
  if (!row) throw new ProblemError(401, 'unauthenticated');
  return toProfileDto(row);
}

export async function replacePicture(me: Me, files: FileStore, bytes: Buffer): Promise<Profile> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ProblemError(413, 'file_too_large', { detail: 'A profile picture may be at most 2 MB' });
  const type = detectImageType(bytes);
  if (!type) throw fieldError('body', 'invalid_image', 'Send a JPG or PNG image');
  await writePicture(files, me.tenantId, me.userId, type.ext, bytes);
  const row = await me.db((tx) => updateProfileRow(tx, me.tenantId, me.userId, { photoUrl: pictureUrl(me.userId, type.ext) }));
  if (!row) throw new ProblemError(401, 'unauthenticated');
  return toProfileDto(row);
}

export async function removePicture(me: Me, files: FileStore): Promise<void> {
  await me.db((tx) => updateProfileRow(tx, me.tenantId, me.userId, { photoUrl: null }));
  await removePictures(files, me.tenantId, me.userId);
}

/** A user's current picture, only by its current URL and only within the caller's tenant. */
export async function loadPicture(
  scope: Pick<Me, 'tenantId' | 'db'>,
  files: FileStore,
  userId: string,
  requestedUrl: string,
): Promise<{ bytes: Buffer; ext: 'png' | 'jpg' }> {
  const row = await scope.db((tx) => findProfile(tx, scope.tenantId, userId));
  const ext = row ? extOfPictureUrl(row.photoUrl, userId) : null;
  if (!row || !ext || row.photoUrl !== requestedUrl) throw notFound();
  const bytes = await readPicture(files, scope.tenantId, userId, ext);
  if (!bytes) throw notFound();
  return { bytes, ext };
}

/** The id shown to the browser: the stored id is the secret's hash, which is not for display. */
export const publicSessionId = (storedId: string) => sha256(storedId).slice(0, 16);

export async function listSessions(me: Me, idleMs: number): Promise<ActiveSession[]> {
  const rows = await me.db((tx) => liveSessions(tx, me.tenantId, me.userId, idleMs));
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    device: deviceLabel(row.userAgent),
    current: row.id === me.sessionId,
  }));
}

/** Ends one of the caller's sessions; answers whether it was the calling one. */
export async function endSession(me: Me, idleMs: number, publicId: string): Promise<{ current: boolean }> {
  return me.db(async (tx) => {
    const rows = await liveSessions(tx, me.tenantId, me.userId, idleMs);
    const target = rows.find((row) => publicSessionId(row.id) === publicId);
    if (!target) throw notFound();
    await deleteSessionRow(tx, me.tenantId, me.userId, target.id);
    return { current: target.id === me.sessionId };
  });
}
