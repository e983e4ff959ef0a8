/** The role groups of spec section 6 that menu items, routes and operations (`x-role-group`) are gated by. */
export type RoleGroup = 'superadmin' | 'admin' | 'member' | 'accountadmin' | 'recording';

/**
 * Spec section 6 as access.md reads it (and as the server gates the menu): a tenant
 * administrator is in the admin group for its own tenant's screens; the admins and the account
 * administrator hold the billing screens of the accountadmin group; every tenant role is a member.
 * Built-in roles only: a custom role's groups are those its permissions need, which only the
 * server's `roleGroups` (of `/me`) tells.
 */
export const roleGroups: Readonly<Record<RoleGroup, readonly string[]>> = {
  superadmin: ['superadmin'],
  admin: ['superadmin', 'admin', 'tenantadmin'],
  member: ['superadmin', 'admin', 'tenantadmin', 'accountadmin', 'member'],
  accountadmin: ['superadmin', 'tenantadmin', 'admin', 'accountadmin'],
  recording: ['tenantadmin'],
};

/** A signed-in user as `/me` (`getSession`) answers: the primary role and the role groups the server gates on. */
export type RoleGroupHolder = { role: string; roleGroups?: readonly RoleGroup[] | undefined };

/**
 * True when the user (or a built-in role) belongs to the group, or to any of the groups (cloud
 * recordings: admin + recording). A user is judged by the `roleGroups` the server answers, the
 * very set its operation gate reads, so a custom role holding `user.get` is in the admin group;
 * only without them (a bare role name) by the built-in table above.
 */
export function isInRoleGroup(who: string | RoleGroupHolder | null | undefined, group: RoleGroup | readonly RoleGroup[]): boolean {
  if (!who) return false;
  const groups: readonly RoleGroup[] = typeof group === 'string' ? [group] : group;
  if (typeof who !== 'string' && who.roleGroups) {
    const held = who.roleGroups;
    return groups.some((name) => held.includes(name));
  }
  const role = typeof who === 'string' ? who : who.role;
  return groups.some((name) => roleGroups[name].includes(role));
}
