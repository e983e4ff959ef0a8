// The business rules of user administration. Each operation receives a `Scope`: the tenant it
// acts in, who acts, and a function running work in one transaction under that tenant's
// row-level security. Slow work (Argon2 hashing) happens before the transaction opens, so it
// never holds a database connection.
import { recordAudit } from '../kernel/audit/record.ts';
import { recordAuditMany } from '../kernel/audit/record-many.ts';
import { createActionToken, tokenLifetimes, assignableRoles, forbiddenRoleChanges, outranks, permissionsOf, unassignableIndexes, type RoleInfo } from '../auth/index.ts';
import { SUPERADMIN, type Caller } from '../kernel/access/caller.ts';
import { generatePassword, hashPassword, passwordRule } from '../kernel/crypto/passwords.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { pageOf } from '../kernel/db/keyset.ts';
import { cachedRead } from '../kernel/db/process-cache.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError, forbidden, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { enqueueMail, tenantMailBrand, inviteMail } from '../mail/index.ts';
import { decodeCursor, encodeCursor, parseSort, type UserSort } from './cursor.ts';
import { IMPORT_MAX_BYTES, readImportFile, ROLE_SEPARATOR, type ImportRow } from './import-rows.ts';
import { releaseOwnedData } from './ownership.ts';
import { ensureRoomForUsers } from '../kernel/tenancy/user-limit.ts';
import {
  deleteSessionsOf,
  deleteUserRow,
  existingEmails,
  findUser,
  insertUsers,
  listUsers,
  replaceUserRoles,
  sortKeyOf,
  tenantRoleNames,
  tenantRoles,
  type RoleNames,
  updateUserRow,
  type UserChanges,
  type UserRecord,
  type UserStatus,
} from './queries.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';

type User = Schemas['User'];
type UserCreate = Schemas['UserCreate'];
type UserUpdate = Schemas['UserUpdate'];
type RoleSummary = Schemas['RoleSummary'];

export type Scope = Pick<RequestScope, 'tenantId' | 'caller' | 'actorUserId' | 'db' | 'database' | 'audit'>;

const roleNamesCache = { name: 'users.role-names', maxEntries: 1_000, ttlMs: 60_000 };

/** The scope's role names, read in `tx` unless kept since the last write (PGlite). */
function roleNamesIn(scope: Scope, tx: Database): Promise<RoleNames> {
  return cachedRead(scope.database, roleNamesCache, scope.tenantId, () => tenantRoleNames(tx, scope.tenantId));
}

const AUDIT_ENTITY = 'user';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export function toUserDto(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    status: user.status,
    changePasswordOnSignIn: user.changePasswordOnSignIn,
    createdAt: user.createdAt.toISOString(),
  };
}

const emailExists = () =>
  new ProblemError(409, 'email_exists', { errors: [{ field: 'email', code: 'email_exists', message: 'A user with this email already exists.' }] });

function invalidRoles(names: readonly string[]) {
  return new ProblemError(400, 'validation_failed', {
    errors: names.map((name) => ({ field: 'roles', code: 'invalid_role', message: `The role "${name}" cannot be assigned.` })),
  });
}

export type ListInput = { q?: string | undefined; status?: UserStatus | undefined; sort?: string | undefined; cursor?: string | undefined; limit?: number | undefined };

export async function listUserPage(scope: Scope, input: ListInput): Promise<{ items: User[]; nextCursor: string | null }> {
  const sortName = (input.sort ?? 'email') as UserSort;
  const sort = parseSort(sortName);
  const after = input.cursor ? decodeCursor(input.cursor, sortName) : null;
  const limit = Math.min(Math.max(input.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const q = input.q?.trim();
  // One row more than the page tells whether another page follows, without counting. Without a
  // search, each read is in index order whatever the values, so planned once (TransactionOptions).
  const rows = await scope.db(
    async (tx) => listUsers(tx, { tenantId: scope.tenantId, q, status: input.status, sort, after, limit: limit + 1 }, await roleNamesIn(scope, tx)),
    q ? { readOnly: true } : { plans: 'generic', readOnly: true },
  );
  const { page, nextCursor } = pageOf(rows, limit, (last) => encodeCursor(sortName, sortKeyOf(last, sort.field)));
  return { items: page.map(toUserDto), nextCursor };
}

export async function listAssignableRoles(scope: Scope): Promise<RoleSummary[]> {
  const roles = await scope.db((tx) => tenantRoles(tx, scope.tenantId));
  return assignableRoles(scope.caller, roles).map(({ id, name, description }) => ({ id, name, description }));
}

export type CreatedUser = { user: User; password: string };

export async function createUser(scope: Scope, input: UserCreate): Promise<CreatedUser> {
  let password: string;
  if (input.passwordMode === 'manual') {
    if (!input.password) throw fieldError('password', 'required', 'A password is required when it is not generated.');
    if (!passwordRule.test(input.password)) throw fieldError('password', 'weak_password');
    password = input.password;
  } else {
    password = generatePassword();
  }
  const email = input.email.trim().toLowerCase();
  const requestedRoles = [...new Set(input.roles)];
  const passwordHash = await hashPassword(password);

  try {
    const user = await scope.db(async (tx) => {
      const roles = await tenantRoles(tx, scope.tenantId);
      const bad = unassignableIndexes(scope.caller, roles, requestedRoles);
      if (bad.length > 0) throw invalidRoles(bad.map((i) => present(requestedRoles[i], 'requestedRoles[i]')));
      if ((await existingEmails(tx, scope.tenantId, [email])).size > 0) throw emailExists();
      await ensureRoomForUsers(tx, scope.tenantId, 1);
      const roleIds = requestedRoles.map((name) => present(roles.find((r) => r.name === name), 'roles.find((r) => r.name === name)').id);
      const [id] = await insertUsers(tx, scope.tenantId, [
        {
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          status: input.enabled === false ? 'disabled' : 'enabled',
          changePasswordOnSignIn: input.changePasswordOnSignIn ?? true,
          roleIds,
        },
      ]);
      const created = present(await findUser(tx, scope.tenantId, present(id, 'id')), 'findUser(tx, scope.tenantId, id)');
      await recordAudit(tx, scope.audit, { action: 'create', entity: AUDIT_ENTITY, entityId: created.id, after: toUserDto(created) });
      await emitWebhookEvent(tx, scope.tenantId, 'user.created', { userId: created.id, email: created.email });
      return created;
    });
    return { user: toUserDto(user), password };
  } catch (error) {
    // Two concurrent creations of one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

/** Permissions without which a user could no longer reach the users screen to undo a change. */
const selfAdminPermissions = ['user.get', 'user.update'];

function keepsSelfAdmin(caller: Caller, roles: readonly RoleInfo[], nextRoles: readonly string[]): boolean {
  if (caller.isSuperadmin && nextRoles.includes(SUPERADMIN)) return true;
  const granted = permissionsOf(roles, nextRoles);
  return selfAdminPermissions.every((p) => granted.has(p));
}

export async function updateUser(scope: Scope, userId: string, patch: UserUpdate): Promise<User> {
  const user = await scope.db(async (tx) => {
    const target = await findUser(tx, scope.tenantId, userId);
    if (!target) throw notFound();
    const roles = await tenantRoles(tx, scope.tenantId);
    if (outranks(scope.caller, roles, target.roles)) throw forbidden();
    const isSelf = scope.actorUserId === target.id;

    const changes: UserChanges = {};
    if (patch.firstName !== undefined) changes.firstName = patch.firstName.trim();
    if (patch.lastName !== undefined) changes.lastName = patch.lastName.trim();
    if (patch.changePasswordOnSignIn !== undefined) changes.changePasswordOnSignIn = patch.changePasswordOnSignIn;
    if (patch.status !== undefined && patch.status !== target.status) {
      if (!scope.caller.permissions.has('user.enable') && !scope.caller.isSuperadmin) throw forbidden();
      if (isSelf && patch.status === 'disabled') {
        throw new ProblemError(400, 'cannot_disable_self', {
          detail: 'You cannot disable your own account.',
          errors: [{ field: 'status', code: 'cannot_disable_self' }],
        });
      }
      changes.status = patch.status;
    }

    let nextRoles: string[] | null = null;
    if (patch.roles !== undefined) {
      const requested = [...new Set(patch.roles)];
      const changed = requested.length !== target.roles.length || requested.some((r) => !target.roles.includes(r));
      if (changed) {
        const bad = forbiddenRoleChanges(scope.caller, roles, target.roles, requested);
        if (bad.length > 0) throw invalidRoles(bad);
        if (isSelf && !keepsSelfAdmin(scope.caller, roles, requested)) {
          throw new ProblemError(400, 'cannot_demote_self', {
            detail: 'These roles would take away your own access to user administration.',
            errors: [{ field: 'roles', code: 'cannot_demote_self' }],
          });
        }
        nextRoles = requested;
      }
    }

    await updateUserRow(tx, scope.tenantId, target.id, changes);
    if (nextRoles) {
      await replaceUserRoles(
        tx,
        scope.tenantId,
        target.id,
        nextRoles.map((name) => present(roles.find((r) => r.name === name), 'roles.find((r) => r.name === name)').id),
      );
    }
    // A disabled account must not keep working through sessions it already holds.
    if (changes.status === 'disabled') await deleteSessionsOf(tx, scope.tenantId, target.id);
    const updated = present(await findUser(tx, scope.tenantId, target.id), 'findUser(tx, scope.tenantId, target.id)');
    const before = toUserDto(target);
    const after = toUserDto(updated);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: target.id, before, after });
    }
    return updated;
  });
  return toUserDto(user);
}

export async function deleteUser(scope: Scope, userId: string, transferTo: string | null): Promise<void> {
  if (scope.actorUserId === userId) {
    throw new ProblemError(400, 'cannot_delete_self', { detail: 'You cannot delete your own account.' });
  }
  await scope.db(async (tx) => {
    const target = await findUser(tx, scope.tenantId, userId);
    if (!target) throw notFound();
    const roles = await tenantRoles(tx, scope.tenantId);
    if (outranks(scope.caller, roles, target.roles)) throw forbidden();
    if (transferTo !== null) {
      const owner = transferTo === userId ? null : await findUser(tx, scope.tenantId, transferTo);
      if (!owner || owner.status !== 'enabled') {
        throw new ProblemError(400, 'owner_invalid', {
          detail: 'The new owner must be another enabled user of this tenant.',
          errors: [{ field: 'transferTo', code: 'owner_invalid' }],
        });
      }
    }
    await releaseOwnedData(tx, userId, transferTo);
    await deleteUserRow(tx, scope.tenantId, target);
    await emitWebhookEvent(tx, scope.tenantId, 'user.deleted', { userId: target.id, email: target.email });
    await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: target.id, before: toUserDto(target), after: transferTo ? { dataTransferredTo: transferTo } : undefined });
  });
}

export type InviteResult = { email: string };

export async function inviteUser(scope: Scope, userId: string, origin: string): Promise<InviteResult> {
  return scope.db(async (tx) => {
    const target = await findUser(tx, scope.tenantId, userId);
    if (!target) throw notFound();
    // As for editing: an invitation's link sets the account's password.
    if (outranks(scope.caller, await tenantRoles(tx, scope.tenantId), target.roles)) throw forbidden();
    const token = await createActionToken(tx, { tenantId: scope.tenantId, userId: target.id, purpose: 'invite' });
    const link = `${origin}/portal/auth/reset-password?token=${encodeURIComponent(token)}`;
    const mail = inviteMail({
      ...(await tenantMailBrand(tx, scope.tenantId, origin)),
      firstName: target.firstName,
      link,
      expiresInHours: tokenLifetimes.invite / 3_600_000,
    });
    await enqueueMail(tx, { tenantId: scope.tenantId, to: target.email, ...mail });
    // The log's actions are create/update/delete: an invitation updates the account's way in.
    await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: target.id, after: { invitationSentTo: target.email } });
    return { email: target.email };
  });
}

export function importTooLarge() {
  return new ProblemError(413, 'file_too_large', { detail: 'The file exceeds the maximum upload size of 1 MB.' });
}

export async function importUsers(scope: Scope, body: string | Buffer): Promise<{ created: number }> {
  if (Buffer.byteLength(body) > IMPORT_MAX_BYTES) throw importTooLarge();
  const text = typeof body === 'string' ? body : body.toString('utf8');
  try {
    return await importInTransaction(scope, text);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

function importInTransaction(scope: Scope, text: string): Promise<{ created: number }> {
  return scope.db(async (tx) => {
    const roles = await tenantRoles(tx, scope.tenantId);
    const { rows, rowErrors } = readImportFile(text, scope.caller, roles);
    const taken = await existingEmails(
      tx,
      scope.tenantId,
      rows.map((r) => r.email),
    );
    for (const row of rows) {
      if (taken.has(row.email)) rowErrors.push({ row: row.row, field: 'email', code: 'email_exists' });
    }
    if (rowErrors.length > 0) {
      rowErrors.sort((a, b) => a.row - b.row);
      throw new ProblemError(422, 'import_invalid', { detail: 'The file has errors; no user was imported.', rowErrors });
    }
    // All or nothing here too: a file that would take the tenant past its limit imports no one.
    await ensureRoomForUsers(tx, scope.tenantId, rows.length);
    await createImportedUsers(tx, scope.tenantId, scope.audit, rows, roles);
    return { created: rows.length };
  });
}

/**
 * Creates checked import rows, with their audit entries and `user.created` webhooks. No password is
 * handed to anyone on import, so none is set: the account cannot sign in until its owner follows an
 * invitation or a reset link, and must then choose a password.
 */
export async function createImportedUsers(tx: Database, tenantId: string, audit: Scope['audit'], rows: readonly ImportRow[], roles: readonly RoleInfo[]): Promise<void> {
  const ids = await insertUsers(
    tx,
    tenantId,
    rows.map((r) => ({
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      passwordHash: null,
      status: r.status,
      changePasswordOnSignIn: true,
      roleIds: r.roleIds,
    })),
  );
  const roleName = new Map(roles.map((role) => [role.id, role.name]));
  await recordAuditMany(
    tx,
    audit,
    rows.map((r, i) => ({
      action: 'create' as const,
      entity: AUDIT_ENTITY,
      entityId: present(ids[i], 'ids[i]'),
      after: { email: r.email, firstName: r.firstName, lastName: r.lastName, roles: r.roleIds.map((id) => roleName.get(id) ?? id).sort(), status: r.status, source: 'import' },
    })),
  );
  for (const [i, r] of rows.entries()) await emitWebhookEvent(tx, tenantId, 'user.created', { userId: present(ids[i], 'ids[i]'), email: r.email });
}

export const EXPORT_PAGE_SIZE = 1000;
export const exportColumns = ['email', 'firstName', 'lastName', 'role', 'status'] as const;

/** The tenant's users matching `q`, in import format, fetched in keyset pages as they are read. */
export async function* exportUserRows(scope: Scope, q: string | undefined): AsyncGenerator<string[]> {
  const sort = parseSort('email');
  const search = q?.trim();
  let after: ReturnType<typeof sortKeyOf> | null = null;
  for (;;) {
    const key = after;
    const rows = await scope.db(async (tx) =>
      listUsers(tx, { tenantId: scope.tenantId, q: search, sort, after: key, limit: EXPORT_PAGE_SIZE }, await roleNamesIn(scope, tx)),
    );
    for (const u of rows) yield [u.email, u.firstName, u.lastName, u.roles.join(ROLE_SEPARATOR), u.status];
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = sortKeyOf(present(rows.at(-1), 'rows.at(-1)'), sort.field);
  }
}
