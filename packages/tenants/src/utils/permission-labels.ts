// Readable, translated names for the role form's permission tree. The server sends permission
// strings (`user.invite`, `tenant.smtp.update` ...) grouped by their first segment (the area); the
// tables below name both. They are typed by the contract's `Permission` list, which the server's
// permissions.ts must match, so a permission without a name fails the typecheck. A string the
// tables do not know (a server newer than this portal) shows as sent, so the tree never breaks.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schema } from '@portal/api-client';

type Permission = Schema<'Permission'>;
type PermissionArea = Permission extends `${infer Area}.${string}` ? Area : never;

/** Areas: the first segment of a permission string. */
export const permissionAreaLabels: Readonly<Record<PermissionArea, MessageDescriptor>> = {
  dashboard: msg`Dashboard`,
  room: msg`Meeting rooms`,
  user: msg`Users`,
  dev: msg`Developer clients`,
  meeting: msg`Meetings`,
  client: msg`Clients`,
  tenant: msg`Tenants`,
  apps: msg`Apps`,
  roles: msg`Roles`,
  plans: msg`Plans`,
  products: msg`Products`,
  billing: msg`Billing`,
};

/** Every permission string of the contract. */
export const permissionLabels: Readonly<Record<Permission, MessageDescriptor>> = {
  'dashboard.superadmin.get': msg`View the dashboard`,

  'room.recording.get': msg`View cloud recordings`,
  'room.current.get': msg`View live meetings`,
  'room.current.end': msg`End live meetings for everyone`,
  'room.current.remove': msg`Remove participants from live meetings`,
  'room.current.lock': msg`Lock live meetings`,
  'room.current.mute': msg`Mute participants of live meetings`,
  'room.completed.get': msg`View completed meetings`,
  'room.feedback.get': msg`View meeting feedback`,
  'room.meetingstate.get': msg`View meeting state`,

  'user.get': msg`View users`,
  'user.put': msg`Add users`,
  'user.update': msg`Edit users`,
  'user.delete': msg`Delete users`,
  'user.invite': msg`Invite users`,
  'user.enable': msg`Enable and disable users`,
  'user.unlink': msg`Unlink users`,
  'user.profile.get': msg`View own profile`,
  'user.profile.update': msg`Edit own profile`,

  'dev.client.put': msg`Manage developer clients`,
  'dev.user.get': msg`View developer clients`,

  'meeting.put': msg`Create meetings`,
  'meeting.schedule.get': msg`View scheduled meetings`,
  'meeting.schedule.put': msg`Schedule meetings`,
  'meeting.schedule.update': msg`Edit scheduled meetings`,
  'meeting.schedule.delete': msg`Delete scheduled meetings`,
  'meeting.schedule.invite': msg`Invite to scheduled meetings`,
  'meeting.schedule.start': msg`Start scheduled meetings`,
  'meeting.schedule.copy': msg`Copy scheduled meeting links`,
  'meeting.open.get': msg`View open meetings`,
  'meeting.open.put': msg`Create open meetings`,
  'meeting.open.update': msg`Edit open meetings`,
  'meeting.open.delete': msg`Delete open meetings`,
  'meeting.open.invite': msg`Invite to open meetings`,
  'meeting.open.start': msg`Start open meetings`,
  'meeting.open.copy': msg`Copy open meeting links`,
  'meeting.personal.get': msg`View personal meeting`,
  'meeting.personal.update': msg`Edit personal meeting`,

  'client.get': msg`View clients`,
  'client.put': msg`Add clients`,
  'client.update': msg`Edit clients`,
  'client.delete': msg`Delete clients`,

  'tenant.default.get': msg`View tenants`,
  'tenant.default.put': msg`Create tenants`,
  'tenant.default.update': msg`Edit tenants`,
  'tenant.default.delete': msg`Delete tenants`,
  'tenant.brand.get': msg`View branding`,
  'tenant.brand.put': msg`Add branding`,
  'tenant.brand.update': msg`Edit branding`,
  'tenant.brand.delete': msg`Delete branding`,
  'tenant.partner_app.get': msg`View partner apps`,
  'tenant.partner_app.put': msg`Install partner apps`,
  'tenant.partner_app.update': msg`Edit partner apps`,
  'tenant.partner_app.delete': msg`Remove partner apps`,
  'tenant.client.get': msg`View tenant clients`,
  'tenant.client.put': msg`Add tenant clients`,
  'tenant.client.update': msg`Edit tenant clients`,
  'tenant.client.delete': msg`Delete tenant clients`,
  'tenant.sso.get': msg`View SSO settings`,
  'tenant.sso.put': msg`Add SSO settings`,
  'tenant.sso.update': msg`Edit SSO settings`,
  'tenant.sso.delete': msg`Delete SSO settings`,
  'tenant.smtp.get': msg`View SMTP settings`,
  'tenant.smtp.put': msg`Add SMTP settings`,
  'tenant.smtp.update': msg`Edit SMTP settings`,
  'tenant.smtp.delete': msg`Delete SMTP settings`,

  'apps.neosound': msg`Use Neosound`,
  'apps.slack': msg`Use Slack`,

  'roles.get': msg`View roles`,
  'roles.put': msg`Create roles`,
  'roles.update': msg`Edit roles`,
  'roles.delete': msg`Delete roles`,

  'plans.get': msg`View plans`,
  'plans.put': msg`Create plans`,
  'plans.update': msg`Edit plans`,
  'plans.delete': msg`Delete plans`,
  'plans.disable': msg`Disable plans`,

  'products.get': msg`View products`,
  'products.put': msg`Create products`,
  'products.update': msg`Edit products`,
  'products.delete': msg`Delete products`,
  'products.disable': msg`Disable products`,

  'billing.plans.get': msg`View current plans`,
  'billing.plans.update': msg`Change current plans`,
  'billing.plans.delete': msg`Cancel current plans`,
  'billing.invoice.get': msg`View invoices`,
  'billing.pending.get': msg`View pending plans`,
  'billing.pending.delete': msg`Delete pending plans`,
};

// Own keys only: a string such as `constructor` must not pick up what the object inherits.
const lookUp = (table: Readonly<Record<string, MessageDescriptor>>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);

/** The translated name of a permission area (`user` → "Users"), or the area as sent. */
export function permissionAreaLabel(i18n: I18n, area: string): string {
  const label = lookUp(permissionAreaLabels, area);
  return label ? i18n._(label) : area;
}

/** The translated name of a permission (`user.invite` → "Invite users"), or the string as sent. */
export function permissionLabel(i18n: I18n, permission: string): string {
  const label = lookUp(permissionLabels, permission);
  return label ? i18n._(label) : permission;
}
