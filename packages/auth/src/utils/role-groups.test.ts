import { isInRoleGroup, roleGroups } from './role-groups';

describe('role groups', () => {
  it('follow spec section 6 as access.md reads it', () => {
    expect(roleGroups.superadmin).toEqual(['superadmin']);
    expect(roleGroups.recording).toEqual(['tenantadmin']);
  });

  it('gate by role, with a tenant administrator in the admin and member groups', () => {
    expect(isInRoleGroup('admin', 'admin')).toBe(true);
    expect(isInRoleGroup('tenantadmin', 'admin')).toBe(true);
    expect(isInRoleGroup('member', 'admin')).toBe(false);
    expect(isInRoleGroup('member', 'member')).toBe(true);
    expect(isInRoleGroup('admin', 'superadmin')).toBe(false);
    expect(isInRoleGroup('member', 'accountadmin')).toBe(false);
    expect(isInRoleGroup('tenantadmin', 'accountadmin')).toBe(true);
    expect(isInRoleGroup('guest', 'member')).toBe(false);
    expect(isInRoleGroup(undefined, 'member')).toBe(false);
  });

  it("judge a signed-in user by the server's roleGroups, so a custom role holding user.get is in the admin group", () => {
    const custom = { role: 'member', roleGroups: ['accountadmin', 'admin', 'member'] as const };
    expect(isInRoleGroup(custom, 'admin')).toBe(true);
    expect(isInRoleGroup(custom, ['superadmin', 'recording'])).toBe(false);
    expect(isInRoleGroup({ role: 'admin', roleGroups: ['member'] }, 'admin')).toBe(false);
    // Without roleGroups (an older answer) the built-in table decides by the role.
    expect(isInRoleGroup({ role: 'tenantadmin' }, 'recording')).toBe(true);
  });

  it('accept any of several groups', () => {
    expect(isInRoleGroup('tenantadmin', ['admin', 'recording'])).toBe(true);
    expect(isInRoleGroup('member', ['superadmin', 'recording'])).toBe(false);
  });
});
