/** The role groups of spec section 6 that menu items and routes are gated by. */
export type RoleGroup = 'superadmin' | 'admin' | 'member' | 'accountadmin' | 'recording';

/**
 * Spec section 6 as access.md reads it (and as the server gates the menu): a tenant
 * administrator is in the admin group for its own tenant's screens; the admins and the account
 * administrator hold the billing screens of the accountadmin group; every tenant role is a member.
 */
export const roleGroups: Readonly<Record<RoleGroup, readonly string[]>> = {
  superadmin: ['superadmin'],
  admin: ['superadmin', 'admin', 'tenantadmin'],
  member: ['superadmin', 'admin', 'tenantadmin', 'accountadmin', 'member'],
  accountadmin: ['superadmin', 'tenantadmin', 'admin', 'accountadmin'],
  recording: ['tenantadmin'],
};

/** True when the role belongs to the group, or to any of the groups (cloud recordings: admin + recording). */
export function isInRoleGroup(role: string | null | undefined, group: RoleGroup | readonly RoleGroup[]): boolean {
  if (!role) return false;
  const groups: readonly RoleGroup[] = typeof group === 'string' ? [group] : group;
  return groups.some((name) => roleGroups[name].includes(role));
}
