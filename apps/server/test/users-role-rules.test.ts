import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  callerOf,
  forbiddenRoleChanges,
  outranks,
  unassignableIndexes,
  type Caller,
  type RoleInfo,
} from '../src/users/role-rules.ts';

const role = (name: string, permissions: string[], status: RoleInfo['status'] = 'enabled'): RoleInfo => ({
  id: `id-${name}`,
  name,
  description: '',
  permissions,
  status,
});

const roles = [
  role('superadmin', ['user.get', 'user.put', 'dashboard.superadmin.get']),
  role('admin', ['user.get', 'user.put', 'user.update', 'user.enable']),
  role('member', ['meeting.schedule.get']),
  role('auditor', ['user.get']),
  role('retired', ['user.get'], 'disabled'),
];

const admin: Caller = { isSuperadmin: false, permissions: new Set(['user.get', 'user.put', 'user.update', 'user.enable', 'meeting.schedule.get']) };
const superadmin: Caller = { isSuperadmin: true, permissions: new Set(['user.get']) };
const helpdesk: Caller = { isSuperadmin: false, permissions: new Set(['user.get', 'user.put']) };

describe('role assignability', () => {
  it('never offers superadmin to anyone but a super administrator', () => {
    expect(assignableRoles(admin, roles).map((r) => r.name)).toEqual(['admin', 'member', 'auditor']);
    expect(assignableRoles(superadmin, roles).map((r) => r.name)).toEqual(['superadmin', 'admin', 'member', 'auditor']);
  });

  it('offers only roles whose permissions the caller holds', () => {
    expect(assignableRoles(helpdesk, roles).map((r) => r.name)).toEqual(['auditor']);
  });

  it('never offers a disabled role', () => {
    expect(assignableRoles(superadmin, roles).some((r) => r.name === 'retired')).toBe(false);
  });

  it('points at unknown and forbidden requested roles', () => {
    expect(unassignableIndexes(helpdesk, roles, ['auditor', 'admin', 'nope', 'retired'])).toEqual([1, 2, 3]);
  });

  it('refuses to add a role above the caller or to strip one', () => {
    expect(forbiddenRoleChanges(helpdesk, roles, ['auditor'], ['auditor', 'member'])).toEqual(['member']);
    expect(forbiddenRoleChanges(helpdesk, roles, ['admin', 'auditor'], ['auditor'])).toEqual(['admin']);
    expect(forbiddenRoleChanges(admin, roles, ['member'], ['admin'])).toEqual([]);
  });

  it('lets a caller keep an unchanged role it could not grant', () => {
    expect(forbiddenRoleChanges(helpdesk, roles, ['admin'], ['admin', 'auditor'])).toEqual([]);
  });

  it('knows when a target outranks the caller', () => {
    expect(outranks(admin, roles, ['superadmin'])).toBe(true);
    expect(outranks(admin, roles, ['admin', 'member'])).toBe(false);
    expect(outranks(superadmin, roles, ['superadmin'])).toBe(false);
  });

  it('derives the caller from the principal', () => {
    const principal = {
      kind: 'user' as const,
      userId: 'u',
      sessionId: 's',
      role: 'admin',
      roles: ['admin', 'superadmin'],
      permissions: new Set(['user.get']),
    };
    expect(callerOf(principal).isSuperadmin).toBe(true);
    expect(callerOf({ kind: 'anonymous' }).permissions.size).toBe(0);
  });
});
