import { describe, expect, it } from 'vitest';
import { callerOf, type Caller } from '../src/kernel/access/caller.ts';
import { primaryRole } from '../src/kernel/access/permissions.ts';
import { assignableRoles, canHandOut, forbiddenRoleChanges, outranks, unassignableIndexes, type RoleInfo } from '../src/auth/role-rules.ts';

const role = (name: string, permissions: string[], status: RoleInfo['status'] = 'enabled', dial: Partial<Pick<RoleInfo, 'dialIn' | 'dialOut'>> = {}): RoleInfo => ({
  id: `id-${name}`,
  name,
  description: '',
  permissions,
  status,
  dialIn: dial.dialIn ?? false,
  dialOut: dial.dialOut ?? false,
});

const roles = [
  role('superadmin', ['user.get', 'user.put', 'dashboard.superadmin.get']),
  role('tenantadmin', ['user.get', 'user.put', 'user.update', 'user.enable']),
  role('admin', ['user.get', 'user.put', 'user.update', 'user.enable']),
  role('member', ['meeting.schedule.get']),
  role('auditor', ['user.get']),
  role('retired', ['user.get'], 'disabled'),
];

const admin: Caller = { isSuperadmin: false, role: 'admin', permissions: new Set(['user.get', 'user.put', 'user.update', 'user.enable', 'meeting.schedule.get']), dial: new Set() };
const superadmin: Caller = { isSuperadmin: true, role: 'superadmin', permissions: new Set(['user.get']), dial: new Set() };
const helpdesk: Caller = { isSuperadmin: false, role: 'member', permissions: new Set(['user.get', 'user.put']), dial: new Set() };

describe('role assignability', () => {
  it('never offers superadmin to anyone but a super administrator', () => {
    expect(assignableRoles(admin, roles).map((r) => r.name)).toEqual(['admin', 'member', 'auditor']);
    expect(assignableRoles(superadmin, roles).map((r) => r.name)).toEqual(['superadmin', 'tenantadmin', 'admin', 'member', 'auditor']);
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

  it('refuses a built-in role ranked above the caller even with the same permissions', () => {
    const tenantadmin: Caller = { ...admin, role: 'tenantadmin' };
    expect(assignableRoles(tenantadmin, roles).map((r) => r.name)).toEqual(['tenantadmin', 'admin', 'member', 'auditor']);
    expect(forbiddenRoleChanges(admin, roles, ['admin'], ['admin', 'tenantadmin'])).toEqual(['tenantadmin']);
    expect(forbiddenRoleChanges(admin, roles, ['tenantadmin'], ['admin'])).toEqual(['tenantadmin']);
    expect(outranks(admin, roles, ['tenantadmin'])).toBe(true);
    expect(outranks(tenantadmin, roles, ['tenantadmin'])).toBe(false);
  });

  it('lets a caller keep an unchanged role it could not grant', () => {
    expect(forbiddenRoleChanges(helpdesk, roles, ['admin'], ['admin', 'auditor'])).toEqual([]);
  });

  it('knows when a target outranks the caller', () => {
    expect(outranks(admin, roles, ['superadmin'])).toBe(true);
    expect(outranks(admin, roles, ['admin', 'member'])).toBe(false);
    expect(outranks(superadmin, roles, ['superadmin'])).toBe(false);
  });

  it('derives the caller from the principal, a super administrator only by the primary role', () => {
    const principal = {
      kind: 'user' as const,
      userId: 'u',
      sessionId: 's',
      role: 'superadmin',
      roles: ['admin', 'superadmin'],
      permissions: new Set(['user.get']),
      groups: new Set(['superadmin', 'admin', 'member', 'accountadmin'] as const),
      dial: new Set(['dialIn'] as const),
    };
    expect(callerOf(principal)).toMatchObject({ isSuperadmin: true, role: 'superadmin', dial: new Set(['dialIn']) });
    // Outside the system realm a role named superadmin is a custom role: the primary role is not superadmin.
    expect(callerOf({ ...principal, role: 'admin' })).toMatchObject({ isSuperadmin: false, role: 'admin' });
    expect(callerOf({ kind: 'anonymous' }).permissions.size).toBe(0);
    expect(callerOf({ kind: 'anonymous' }).dial.size).toBe(0);
  });

  it('counts superadmin as the platform role only in the system realm', () => {
    expect(primaryRole(['admin', 'superadmin'], 'system')).toBe('superadmin');
    expect(primaryRole(['admin', 'superadmin'], 'acme')).toBe('admin');
    expect(primaryRole(['superadmin'], 'acme')).toBe('member');
    expect(primaryRole([], 'acme')).toBe('guest');
  });

  describe('dial in and dial out, held like permissions', () => {
    const phones = [
      role('member', ['meeting.schedule.get']),
      role('Dialers', ['meeting.schedule.get'], 'enabled', { dialIn: true }),
      role('Callers', ['meeting.schedule.get'], 'enabled', { dialOut: true }),
      role('Switchboard', ['meeting.schedule.get'], 'enabled', { dialIn: true, dialOut: true }),
    ];
    const dialer: Caller = { ...admin, dial: new Set(['dialIn']) };
    const operator: Caller = { ...admin, dial: new Set(['dialIn', 'dialOut']) };

    it('offers a role carrying a dial flag only to a caller holding it, or to the super administrator', () => {
      expect(assignableRoles(admin, phones).map((r) => r.name)).toEqual(['member']);
      expect(assignableRoles(dialer, phones).map((r) => r.name)).toEqual(['member', 'Dialers']);
      expect(assignableRoles(operator, phones).map((r) => r.name)).toEqual(['member', 'Dialers', 'Callers', 'Switchboard']);
      expect(assignableRoles(superadmin, phones).map((r) => r.name)).toEqual(['member', 'Dialers', 'Callers', 'Switchboard']);
      expect(canHandOut(dialer, phones[3]!)).toBe(false);
    });

    it('points at such roles among those requested, and refuses to add or strip them', () => {
      expect(unassignableIndexes(admin, phones, ['member', 'Dialers', 'Callers'])).toEqual([1, 2]);
      expect(unassignableIndexes(dialer, phones, ['member', 'Dialers', 'Callers'])).toEqual([2]);
      expect(forbiddenRoleChanges(admin, phones, ['member'], ['member', 'Dialers'])).toEqual(['Dialers']);
      expect(forbiddenRoleChanges(admin, phones, ['member', 'Callers'], ['member'])).toEqual(['Callers']);
      expect(forbiddenRoleChanges(dialer, phones, ['member', 'Callers'], ['member', 'Callers', 'Dialers'])).toEqual([]);
      expect(forbiddenRoleChanges(dialer, phones, ['Callers'], ['Dialers'])).toEqual(['Callers']);
    });

    it('lets nobody act on a holder of a dial flag they lack', () => {
      expect(outranks(admin, phones, ['Dialers'])).toBe(true);
      expect(outranks(dialer, phones, ['member', 'Dialers'])).toBe(false);
      expect(outranks(dialer, phones, ['Switchboard'])).toBe(true);
      expect(outranks(superadmin, phones, ['Switchboard'])).toBe(false);
    });
  });
});
