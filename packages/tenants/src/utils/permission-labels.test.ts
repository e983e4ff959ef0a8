import { createTestI18n } from '@portal/ui-kit/testing';
import { permissionAreaLabel, permissionAreaLabels, permissionLabel, permissionLabels } from './permission-labels';

// The tables are typed by the contract's Permission list (each permission has a name, or the
// typecheck fails); these tests check what types cannot: every name is its own, and real words.
const PERMISSIONS = Object.keys(permissionLabels);

const areaOf = (permission: string) => permission.split('.')[0]!;
const i18n = createTestI18n();

describe('permission labels', () => {
  it.each(PERMISSIONS)('names the permission %s in words', (permission) => {
    expect(permissionLabel(i18n, permission)).not.toBe(permission);
  });

  it.each([...new Set(PERMISSIONS.map(areaOf))])('names the area %s in words', (area) => {
    expect(Object.hasOwn(permissionAreaLabels, area)).toBe(true);
    expect(permissionAreaLabel(i18n, area)).not.toBe(area);
  });

  it('gives every permission its own name', () => {
    const names = PERMISSIONS.map((permission) => permissionLabel(i18n, permission));
    expect(PERMISSIONS).toHaveLength(88); // the spec's 84 and Live meetings' room.current.end, .remove, .lock and .mute
    expect(new Set(names).size).toBe(names.length);
  });

  it('reads the examples of the role form', () => {
    expect(permissionAreaLabel(i18n, 'user')).toBe('Users');
    expect(permissionLabel(i18n, 'user.invite')).toBe('Invite users');
    expect(permissionLabel(i18n, 'tenant.smtp.update')).toBe('Edit SMTP settings');
    expect(permissionLabel(i18n, 'meeting.schedule.start')).toBe('Start scheduled meetings');
  });

  it.each(['future.thing.get', 'custom', '', 'constructor', 'toString', '__proto__'])('shows the unknown string %j as sent', (unknown) => {
    expect(permissionLabel(i18n, unknown)).toBe(unknown);
    expect(permissionAreaLabel(i18n, unknown)).toBe(unknown);
  });
});
