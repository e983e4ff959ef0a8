// The business rules of roles (spec 'Roles'). Three guards keep delegation from escalating
// privilege: a role may only carry permissions the caller holds (`permission_not_held`; dial in and
// dial out likewise, and only while the role's tenant has them on), the
// caller may only edit or delete roles it could hand out itself (role-rules.ts: never a built-in
// role ranked above it, never one holding a permission or dial flag it lacks), and built-in roles keep their
// names and cannot be deleted (the gate and primary-role logic rely on them). Every API write drops
// the principal cache, so a holder's next request already sees the changed role.
import type { AuditActor } from '../kernel/audit/record.ts';
import { recordAudit } from '../kernel/audit/record.ts';
import { dialFlags, permissionRoleGroup, permissions as allPermissions, roleNames, type DialFlag } from '../kernel/access/permissions.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { decodeKeysetCursor, keysetPage } from '../kernel/db/keyset.ts';
import { ProblemError, fieldError, forbidden, notFound, type FieldError } from '../kernel/http/problem.ts';
import type { Caller } from '../kernel/access/caller.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { canHandOut } from '../auth/index.ts';
import { grantableDialFlags, grantablePermissions } from './grantable.ts';
import {
  allRoles,
  deleteRoleRows,
  existingTenantIds,
  findRole,
  insertRole,
  listRoles,
  setRoleStatus,
  tenantDialFlags,
  updateRoleRow,
  type RoleRow,
  type RoleValues,
} from './queries.ts';
import { present } from '../kernel/db/present.ts';

type Role = Schemas['Role'];
type RoleCreate = Schemas['RoleCreate'];
type RoleUpdate = Schemas['RoleUpdate'];
type UnassignedRolesEdit = Schemas['UnassignedRolesEdit'];

/** `database` and `actorIn` serve a super administrator creating roles in other tenants. */
export type RoleScope = Pick<RequestScope, 'tenantId' | 'caller' | 'db' | 'audit' | 'database' | 'actorIn'>;

export const DEFAULT_PAGE_SIZE = 25;
export const AUDIT_ENTITY = 'role';

const mayEdit = (caller: Caller, row: RoleRow) => canHandOut(caller, row);

/** `caller` null: a role read from outside its tenant, which the roles operations (own tenant only) cannot change. */
function toDto(caller: Caller | null, row: RoleRow): Role {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    status: row.status,
    dialIn: row.dialIn,
    dialOut: row.dialOut,
    builtIn: row.builtIn,
    userCount: row.userCount,
    editable: caller !== null && mayEdit(caller, row),
  };
}

function auditView(row: RoleRow) {
  const { createdAt: _createdAt, userCount: _userCount, ...rest } = row;
  return rest;
}

const nameExists = () =>
  new ProblemError(409, 'name_exists', { errors: [{ field: 'name', code: 'name_exists', message: 'This tenant already has a role with this name.' }] });
const builtInRole = (detail: string) => new ProblemError(409, 'built_in_role', { detail });
const roleAboveCaller = () => new ProblemError(403, 'role_above_caller', { detail: 'The role does more than the caller may do.' });

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw fieldError('name', 'required', 'A role name is required.');
  if ((roleNames as readonly string[]).includes(trimmed.toLowerCase())) throw fieldError('name', 'reserved_name', 'Built-in role names are reserved.');
  return trimmed;
}

/** Unknown permission strings are 400, before anything is read; answers them without repeats. */
function knownPermissions(requested: readonly string[]): string[] {
  const known = new Set<string>(allPermissions);
  const unknown: FieldError[] = requested.flatMap((p, i) => (known.has(p) ? [] : [{ field: `permissions.${i}`, code: 'invalid_permission', message: p }]));
  if (unknown.length > 0) throw new ProblemError(400, 'validation_failed', { errors: unknown });
  return [...new Set(requested)];
}

/** What a role write hands out: its permissions (when it sets them) and the dial flags it switches on. */
type Grant = { permissions: readonly string[] | undefined; dialOn: readonly DialFlag[]; builtIn?: boolean };

const tenantFlagOff: Record<DialFlag, { code: string; message: string }> = {
  dialIn: { code: 'tenant_dial_in_off', message: 'Dial in is off for this tenant.' },
  dialOut: { code: 'tenant_dial_out_off', message: 'Dial out is off for this tenant.' },
};

/** The dial flags `values` switches on that `before` (the role as it is, if any) does not have: false, or unchanged, grants nothing. */
const dialSwitchedOn = (values: Partial<Record<DialFlag, boolean>>, before?: Record<DialFlag, boolean>): DialFlag[] =>
  dialFlags.filter((flag) => values[flag] === true && before?.[flag] !== true);

/**
 * Runs in a transaction of the role's tenant. A dial flag switched on must be on for that tenant
 * (400, `tenant_dial_in_off` / `tenant_dial_out_off` on the field); every permission and dial flag
 * handed out must be one the caller holds (403 `permission_not_held`, one error per offender: a
 * permission as `permissions.<i>`, a dial flag as its own field, its name in `message`).
 */
async function checkGrant(tx: Database, scope: RoleScope, tenantId: string, grant: Grant): Promise<void> {
  if (grant.dialOn.length > 0) {
    const tenant = await tenantDialFlags(tx, tenantId);
    const off: FieldError[] = grant.dialOn.flatMap((flag) => (tenant?.[flag] ? [] : [{ field: flag, ...tenantFlagOff[flag] }]));
    if (off.length > 0) throw new ProblemError(400, 'validation_failed', { errors: off });
  }
  const grantable = new Set(grantablePermissions(scope.caller));
  const notHeld: FieldError[] = (grant.permissions ?? []).flatMap((p, i) => (grantable.has(p) ? [] : [{ field: `permissions.${i}`, code: 'permission_not_held', message: p }]));
  if (grant.dialOn.length > 0) {
    // The flags the caller's enabled roles carry (kernel/access/caller.ts `Caller`), the same the assignment of roles reads.
    const grantableFlags = grantableDialFlags(scope.caller);
    notHeld.push(...grant.dialOn.flatMap((flag) => (grantableFlags.has(flag) ? [] : [{ field: flag, code: 'permission_not_held', message: flag }])));
  }
  if (notHeld.length > 0) {
    throw new ProblemError(403, 'permission_not_held', { detail: `Not held by the caller: ${notHeld.map((e) => e.message).join(', ')}`, errors: notHeld });
  }
  if (!grant.builtIn) refuseSuperadminOnly(grant.permissions ?? []);
}

/**
 * A custom role is never in the super administrator's role group, so it cannot hold a permission
 * that needs that group (kernel/access/permissions.ts `permissionRoleGroup`): 400, one
 * `permission_needs_role_group` error per offender as `permissions.<i>`, its name in `message`.
 */
function refuseSuperadminOnly(requested: readonly string[]): void {
  const errors: FieldError[] = requested.flatMap((p, i) =>
    permissionRoleGroup(p) === 'superadmin' ? [{ field: `permissions.${i}`, code: 'permission_needs_role_group', message: p }] : [],
  );
  if (errors.length > 0) {
    throw new ProblemError(400, 'validation_failed', { detail: 'Only the super administrator role may hold these permissions', errors });
  }
}

export async function listRolePage(scope: RoleScope, input: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined }) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const rows = await scope.db((tx) => listRoles(tx, scope.tenantId, { q: input.q?.trim(), after, limit: limit + 1 }));
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.name);
  return { items: page.map((row) => toDto(scope.caller, row)), nextCursor };
}

export async function getRole(scope: RoleScope, id: string): Promise<Role> {
  const row = await scope.db((tx) => findRole(tx, scope.tenantId, id));
  if (!row) throw notFound();
  return toDto(scope.caller, row);
}

export async function listUnassignedRoles(scope: RoleScope): Promise<Role[]> {
  const rows = await scope.db((tx) => allRoles(tx, scope.tenantId));
  return rows.filter((row) => row.userCount === 0).map((row) => toDto(scope.caller, row));
}

/**
 * Every role of `tenantId`, by name (the tenant detail's roles tab). `caller` is null when the
 * platform super administrator reads another tenant's roles: the roles operations only ever change
 * roles of the caller's own tenant, so from outside none is editable.
 */
export async function listTenantRoles(db: RoleScope['db'], tenantId: string, caller: Caller | null): Promise<Role[]> {
  const rows = await db((tx) => allRoles(tx, tenantId));
  return rows.map((row) => toDto(caller, row));
}

async function createIn(tx: Database, tenantId: string, actor: AuditActor, values: RoleValues): Promise<RoleRow> {
  const id = await insertRole(tx, tenantId, values);
  const created = present(await findRole(tx, tenantId, id), 'findRole(tx, tenantId, id)');
  await recordAudit(tx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: id, after: auditView(created) });
  return created;
}

export async function createRoles(scope: RoleScope, input: RoleCreate): Promise<Role[]> {
  const values: RoleValues = {
    name: cleanName(input.name),
    description: (input.description ?? '').trim(),
    permissions: knownPermissions(input.permissions),
    status: input.status ?? 'enabled',
    dialIn: input.dialIn ?? false,
    dialOut: input.dialOut ?? false,
  };
  const grant: Grant = { permissions: values.permissions, dialOn: dialSwitchedOn(values) };
  const targets = input.tenants ?? [scope.tenantId];
  const foreign = targets.filter((t) => t !== scope.tenantId);
  try {
    if (foreign.length === 0) {
      const row = await scope.db(async (tx) => {
        await checkGrant(tx, scope, scope.tenantId, grant);
        return createIn(tx, scope.tenantId, scope.audit, values);
      });
      return [toDto(scope.caller, row)];
    }
    if (!scope.caller.isSuperadmin) throw forbidden();
    const existing = await scope.database.withPlatform((tx) => existingTenantIds(tx, foreign));
    const unknown: FieldError[] = targets.flatMap((t, i) => (t === scope.tenantId || existing.has(t) ? [] : [{ field: `tenants.${i}`, code: 'unknown_tenant' }]));
    if (unknown.length > 0) throw new ProblemError(400, 'validation_failed', { errors: unknown });
    // One transaction per tenant (row-level security admits one tenant per transaction): check
    // every tenant's dial flags and every name first, so a refusal or a clash in any tenant creates nothing.
    const clashes = await Promise.all(
      targets.map((t) =>
        scope.database.withTenant(t, async (tx) => {
          await checkGrant(tx, scope, t, grant);
          return (await allRoles(tx, t)).some((r) => r.name === values.name);
        }),
      ),
    );
    if (clashes.some(Boolean)) throw nameExists();
    const created: Role[] = [];
    for (const t of targets) {
      const actor = t === scope.tenantId ? scope.audit : await scope.actorIn(t);
      const row = await scope.database.withTenant(t, (tx) => createIn(tx, t, actor, values));
      created.push(toDto(scope.caller, row));
    }
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function updateRole(scope: RoleScope, id: string, patch: RoleUpdate): Promise<Role> {
  const changes: Partial<RoleValues> = {};
  if (patch.description !== undefined) changes.description = patch.description.trim();
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.dialIn !== undefined) changes.dialIn = patch.dialIn;
  if (patch.dialOut !== undefined) changes.dialOut = patch.dialOut;
  if (patch.permissions !== undefined) changes.permissions = knownPermissions(patch.permissions);
  try {
    const row = await scope.db(async (tx) => {
      const before = await findRole(tx, scope.tenantId, id);
      if (!before) throw notFound();
      if (!mayEdit(scope.caller, before)) throw roleAboveCaller();
      await checkGrant(tx, scope, scope.tenantId, { permissions: changes.permissions, dialOn: dialSwitchedOn(changes, before), builtIn: before.builtIn });
      if (patch.name !== undefined) {
        if (before.builtIn) {
          if (patch.name.trim() !== before.name) throw builtInRole('A built-in role keeps its name.');
        } else {
          changes.name = cleanName(patch.name);
        }
      }
      await updateRoleRow(tx, scope.tenantId, id, changes);
      const after = present(await findRole(tx, scope.tenantId, id), 'findRole(tx, scope.tenantId, id)');
      await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    });
    return toDto(scope.caller, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

/** Deletes one role; users holding it lose it (their other roles stay). */
export async function deleteRole(scope: RoleScope, id: string): Promise<void> {
  await scope.db(async (tx) => {
    const before = await findRole(tx, scope.tenantId, id);
    if (!before) throw notFound();
    if (before.builtIn) throw builtInRole('Built-in roles cannot be deleted.');
    if (!mayEdit(scope.caller, before)) throw roleAboveCaller();
    await deleteRoleRows(tx, scope.tenantId, [id]);
    await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: id, before: { ...auditView(before), holders: before.userCount } });
  });
}

/** "Delete all": every custom role the caller may edit; the others are kept and counted. */
export async function deleteAllRoles(scope: RoleScope): Promise<{ deleted: number; kept: number }> {
  return scope.db(async (tx) => {
    const rows = (await allRoles(tx, scope.tenantId)).filter((row) => !row.builtIn);
    const doomed = rows.filter((row) => mayEdit(scope.caller, row));
    await deleteRoleRows(
      tx,
      scope.tenantId,
      doomed.map((row) => row.id),
    );
    for (const row of doomed) {
      await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: row.id, before: { ...auditView(row), holders: row.userCount } });
    }
    return { deleted: doomed.length, kept: rows.length - doomed.length };
  });
}

export async function editUnassignedRoles(scope: RoleScope, input: UnassignedRolesEdit): Promise<{ changed: number }> {
  return scope.db(async (tx) => {
    const byId = new Map((await allRoles(tx, scope.tenantId)).map((row) => [row.id, row]));
    const targets = input.roleIds.map((id) => byId.get(id));
    if (targets.some((row) => !row)) throw notFound();
    const rows = targets as RoleRow[];
    const assigned: FieldError[] = rows.flatMap((row, i) => (row.userCount > 0 ? [{ field: `roleIds.${i}`, code: 'role_assigned' }] : []));
    if (assigned.length > 0) throw new ProblemError(409, 'role_assigned', { errors: assigned });
    if (rows.some((row) => !mayEdit(scope.caller, row))) throw roleAboveCaller();
    if (input.action === 'delete') {
      const builtIn: FieldError[] = rows.flatMap((row, i) => (row.builtIn ? [{ field: `roleIds.${i}`, code: 'built_in_role' }] : []));
      if (builtIn.length > 0) throw new ProblemError(409, 'built_in_role', { errors: builtIn });
      await deleteRoleRows(
        tx,
        scope.tenantId,
        rows.map((row) => row.id),
      );
      for (const row of rows) await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: row.id, before: auditView(row) });
      return { changed: rows.length };
    }
    const status = input.action === 'enable' ? 'enabled' : 'disabled';
    const changing = rows.filter((row) => row.status !== status);
    await setRoleStatus(
      tx,
      scope.tenantId,
      changing.map((row) => row.id),
      status,
    );
    for (const row of changing) {
      await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: row.id, before: auditView(row), after: { ...auditView(row), status } });
    }
    return { changed: changing.length };
  });
}
