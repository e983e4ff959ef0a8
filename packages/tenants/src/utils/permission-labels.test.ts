import { createTestI18n } from '@portal/ui-kit/testing';
import { permissionAreaLabel, permissionAreaLabels, permissionLabel, permissionLabels } from './permission-labels';

// A copy of the permission strings of apps/server/src/auth/permissions.ts: the generated contract
// has no permission enum and a front-end package may not import the server. The server's
// test/permission-labels-list.test.ts reads this list (between the two markers, one quoted string
// per entry) and fails when permissions.ts holds a permission missing here, so a new server
// permission must be added here, and then this test asks for its label.
// server-permissions:start
const SERVER_PERMISSIONS = [
  'dashboard.superadmin.get',
  'room.recording.get',
  'user.get',
  'user.put',
  'user.update',
  'user.delete',
  'user.invite',
  'user.enable',
  'user.unlink',
  'room.current.get',
  'room.completed.get',
  'dev.client.put',
  'dev.user.get',
  'meeting.put',
  'meeting.schedule.get',
  'meeting.schedule.put',
  'meeting.schedule.update',
  'meeting.schedule.delete',
  'meeting.schedule.invite',
  'meeting.schedule.start',
  'meeting.schedule.copy',
  'meeting.open.get',
  'meeting.open.put',
  'meeting.open.update',
  'meeting.open.delete',
  'meeting.open.invite',
  'meeting.open.start',
  'meeting.open.copy',
  'meeting.personal.get',
  'meeting.personal.update',
  'room.feedback.get',
  'client.get',
  'client.put',
  'client.update',
  'client.delete',
  'room.meetingstate.get',
  'user.profile.get',
  'user.profile.update',
  'tenant.brand.put',
  'tenant.brand.get',
  'tenant.brand.update',
  'tenant.brand.delete',
  'tenant.default.put',
  'tenant.default.get',
  'tenant.default.update',
  'tenant.default.delete',
  'tenant.partner_app.put',
  'tenant.partner_app.get',
  'tenant.partner_app.update',
  'tenant.partner_app.delete',
  'tenant.client.put',
  'tenant.client.get',
  'tenant.client.update',
  'tenant.client.delete',
  'tenant.sso.put',
  'tenant.sso.get',
  'tenant.sso.update',
  'tenant.sso.delete',
  'tenant.smtp.put',
  'tenant.smtp.get',
  'tenant.smtp.update',
  'tenant.smtp.delete',
  'apps.neosound',
  'apps.slack',
  'roles.get',
  'roles.put',
  'roles.update',
  'roles.delete',
  'plans.get',
  'plans.put',
  'plans.update',
  'plans.delete',
  'plans.disable',
  'products.get',
  'products.put',
  'products.update',
  'products.delete',
  'products.disable',
  'billing.plans.get',
  'billing.plans.update',
  'billing.plans.delete',
  'billing.invoice.get',
  'billing.pending.get',
  'billing.pending.delete',
];
// server-permissions:end

const areaOf = (permission: string) => permission.split('.')[0]!;
const i18n = createTestI18n();

describe('permission labels', () => {
  it.each(SERVER_PERMISSIONS)('names the server permission %s', (permission) => {
    expect(Object.hasOwn(permissionLabels, permission)).toBe(true);
    expect(permissionLabel(i18n, permission)).not.toBe(permission);
  });

  it.each([...new Set(SERVER_PERMISSIONS.map(areaOf))])('names the server area %s', (area) => {
    expect(Object.hasOwn(permissionAreaLabels, area)).toBe(true);
    expect(permissionAreaLabel(i18n, area)).not.toBe(area);
  });

  it('names nothing the server does not define, and gives every permission its own name', () => {
    expect(Object.keys(permissionLabels).sort()).toEqual([...SERVER_PERMISSIONS].sort());
    const names = SERVER_PERMISSIONS.map((permission) => permissionLabel(i18n, permission));
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
