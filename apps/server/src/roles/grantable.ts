// Which permissions a caller may put into a role: exactly the ones it holds, so a tenant
// administrator can never create (or edit) a role that does more than it may do itself. The
// platform super administrator may grant every permission of spec section 6. Dial in and dial out
// are "permission-like flags on role and tenant" (spec section 6) and follow the same rule: a caller
// may switch one on in a role only while it holds an enabled role carrying it.
import { dialFlags, permissionRoleGroup, permissions, type DialFlag } from '../kernel/access/permissions.ts';
import type { Caller } from '../kernel/access/caller.ts';

export function grantablePermissions(caller: Caller): string[] {
  return caller.isSuperadmin ? [...permissions] : permissions.filter((p) => caller.permissions.has(p));
}

/** The dial flags a caller may switch on in a role: all for the super administrator, else those of its enabled roles. */
export function grantableDialFlags(caller: Caller): ReadonlySet<DialFlag> {
  return caller.isSuperadmin ? new Set(dialFlags) : caller.dial;
}

export type PermissionArea = { area: string; permissions: { permission: string; action: string; roleGroup: ReturnType<typeof permissionRoleGroup> }[] };

/** Groups permission strings by their first segment (`user`, `meeting`, `tenant` ...), keeping their order, each with the role group it needs. */
export function permissionTree(granted: readonly string[]): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const permission of granted) {
    const dot = permission.indexOf('.');
    const area = dot === -1 ? permission : permission.slice(0, dot);
    const action = dot === -1 ? permission : permission.slice(dot + 1);
    let entry = areas.get(area);
    if (!entry) areas.set(area, (entry = { area, permissions: [] }));
    entry.permissions.push({ permission, action, roleGroup: permissionRoleGroup(permission) });
  }
  return [...areas.values()];
}
