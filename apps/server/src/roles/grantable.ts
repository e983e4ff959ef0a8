// Which permissions a caller may put into a role: exactly the ones it holds, so a tenant
// administrator can never create (or edit) a role that does more than it may do itself. The
// platform super administrator may grant every permission of spec section 6. Dial in and dial out
// are "permission-like flags on role and tenant" (spec section 6) and follow the same rule: a caller
// may switch one on in a role only while it holds an enabled role carrying it.
import { permissions } from '../auth/permissions.ts';
import type { Caller } from '../users/role-rules.ts';

export function grantablePermissions(caller: Caller): string[] {
  return caller.isSuperadmin ? [...permissions] : permissions.filter((p) => caller.permissions.has(p));
}

/** The permission-like flags of a role (and of a tenant, which must have them on for its roles to carry them). */
export const dialFlags = ['dialIn', 'dialOut'] as const;
export type DialFlag = (typeof dialFlags)[number];

/** The dial flags a caller may switch on in a role: all for the super administrator, else those of its enabled roles (`held`). */
export function grantableDialFlags(caller: Caller, held: Iterable<DialFlag>): Set<DialFlag> {
  return new Set(caller.isSuperadmin ? dialFlags : held);
}

export type PermissionArea = { area: string; permissions: { permission: string; action: string }[] };

/** Groups permission strings by their first segment (`user`, `meeting`, `tenant` ...), keeping their order. */
export function permissionTree(granted: readonly string[]): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const permission of granted) {
    const dot = permission.indexOf('.');
    const area = dot === -1 ? permission : permission.slice(0, dot);
    const action = dot === -1 ? permission : permission.slice(dot + 1);
    let entry = areas.get(area);
    if (!entry) areas.set(area, (entry = { area, permissions: [] }));
    entry.permissions.push({ permission, action });
  }
  return [...areas.values()];
}
