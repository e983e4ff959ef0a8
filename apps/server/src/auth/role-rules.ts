// Which roles a caller may hand out. Three rules keep delegation from escalating privilege: only a
// super administrator gives out `superadmin`, nobody grants (or takes away) a built-in role ranked
// above their own primary role (`admin` and `tenantadmin` hold the same permissions, yet only the
// latter administers the tenant's administrators), and nobody grants (or takes away) a role
// carrying a permission they do not hold themselves, nor one carrying dial in or dial out (the
// permission-like flags of spec section 6) unless one of their enabled roles carries it too.
// Only enabled roles can be assigned. The same rule decides which roles a caller may edit
// (roles/service.ts) and which users it may act on (`outranks`).
import { SUPERADMIN, type Caller } from '../kernel/access/caller.ts';
import { dialFlags, ranksAbove } from '../kernel/access/permissions.ts';

export type RoleInfo = {
  id: string;
  name: string;
  description: string;
  permissions: readonly string[];
  status: 'enabled' | 'disabled';
  dialIn: boolean;
  dialOut: boolean;
};
/** May `caller` give this role to someone, or remove it from them? */
export function canHandOut(caller: Caller, role: RoleInfo): boolean {
  if (role.name === SUPERADMIN) return caller.isSuperadmin;
  if (caller.isSuperadmin) return true;
  if (ranksAbove(role.name, caller.role)) return false;
  return role.permissions.every((p) => caller.permissions.has(p)) && dialFlags.every((flag) => !role[flag] || caller.dial.has(flag));
}

export function assignableRoles(caller: Caller, roles: readonly RoleInfo[]): RoleInfo[] {
  return roles.filter((r) => r.status === 'enabled' && canHandOut(caller, r));
}

/**
 * Indexes of `requested` role names that the caller may not assign (unknown, disabled or above
 * the caller: ranked above it, or carrying a permission or dial flag it lacks), for field errors `roles.<i>`.
 */
export function unassignableIndexes(caller: Caller, tenantRoles: readonly RoleInfo[], requested: readonly string[]): number[] {
  const allowed = new Set(assignableRoles(caller, tenantRoles).map((r) => r.name));
  return requested.flatMap((name, i) => (allowed.has(name) ? [] : [i]));
}

/**
 * Role changes on an existing user: every role added must be assignable, and every role removed
 * must be one the caller could have given (a tenant admin cannot strip a role above its own).
 * Returns the offending role names.
 */
export function forbiddenRoleChanges(
  caller: Caller,
  tenantRoles: readonly RoleInfo[],
  current: readonly string[],
  next: readonly string[],
): string[] {
  const byName = new Map(tenantRoles.map((r) => [r.name, r]));
  const added = next.filter((n) => !current.includes(n));
  const removed = current.filter((n) => !next.includes(n));
  const badAdded = added.filter((n) => {
    const role = byName.get(n);
    return !role || role.status !== 'enabled' || !canHandOut(caller, role);
  });
  const badRemoved = removed.filter((n) => {
    const role = byName.get(n);
    return role !== undefined && !canHandOut(caller, role);
  });
  return [...badAdded, ...badRemoved];
}

/** Permissions a user holds through these roles (disabled roles grant nothing). */
export function permissionsOf(tenantRoles: readonly RoleInfo[], roleNames: readonly string[]): Set<string> {
  const names = new Set(roleNames);
  return new Set(tenantRoles.filter((r) => names.has(r.name) && r.status === 'enabled').flatMap((r) => r.permissions));
}

/** Does acting on a user holding `targetRoles` need more than the caller holds? */
export function outranks(caller: Caller, tenantRoles: readonly RoleInfo[], targetRoles: readonly string[]): boolean {
  const byName = new Map(tenantRoles.map((r) => [r.name, r]));
  return targetRoles.some((n) => {
    const role = byName.get(n);
    return role !== undefined && !canHandOut(caller, role);
  });
}
