// The permission strings of spec section 6, the built-in roles and the role groups, in one place
// so the seed, the operation gate (`x-permission`, `x-role-group`) and the navigation tree agree.
// Which role holds what follows /work/shared/spec/access.md ("seeded roles holding it").
import type { Schemas } from '../http/api.ts';
import { systemRealm } from '../tenancy/tenancy.ts';

const crud = ['put', 'get', 'update', 'delete'] as const;
const meetingActions = ['get', 'put', 'update', 'delete', 'invite', 'start', 'copy'] as const;
const tenantAreas = ['brand', 'default', 'partner_app', 'client', 'sso', 'smtp'] as const;

export const permissions = [
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
  'room.current.end',
  'room.current.remove',
  'room.current.lock',
  'room.current.mute',
  'room.completed.get',
  'dev.client.put',
  'dev.user.get',
  'meeting.put',
  ...meetingActions.map((action) => `meeting.schedule.${action}` as const),
  ...meetingActions.map((action) => `meeting.open.${action}` as const),
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
  ...tenantAreas.flatMap((area) => crud.map((action) => `tenant.${area}.${action}` as const)),
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
] as const satisfies readonly Schemas['Permission'][];

export type Permission = (typeof permissions)[number];

// The contract's `Permission` list (which the portal's role form labels) holds exactly these: a
// permission it lists that is missing above fails the typecheck here, naming it.
type UnlistedHere = Exclude<Schemas['Permission'], Permission>;
const contractListsNoOther: [UnlistedHere] extends [never] ? true : UnlistedHere = true;
void contractListsNoOther;

export const roleNames = ['superadmin', 'admin', 'member', 'tenantadmin', 'accountadmin', 'guest'] as const;
export type RoleName = (typeof roleNames)[number];

/**
 * Role groups of spec section 6, widened where access.md decides: a tenant administrator is in the
 * admin (and so member) group for its own tenant; the billing ("accountadmin") screens are held by
 * tenantadmin and admin; the `accountadmin` role belongs to its own group and to the member group.
 */
export const roleGroups = {
  superadmin: ['superadmin'],
  admin: ['superadmin', 'admin', 'tenantadmin'],
  member: ['superadmin', 'admin', 'tenantadmin', 'accountadmin', 'member'],
  accountadmin: ['superadmin', 'tenantadmin', 'admin', 'accountadmin'],
  recording: ['tenantadmin'],
} as const satisfies Record<string, readonly RoleName[]>;

export type RoleGroup = keyof typeof roleGroups;

export function isRoleGroup(value: string): value is RoleGroup {
  return Object.hasOwn(roleGroups, value);
}

export function inRoleGroup(role: string, group: RoleGroup): boolean {
  return (roleGroups[group] as readonly string[]).includes(role);
}

/**
 * The role group a permission needs (access.md: the group of the screen it opens). A role may hold
 * it only while it is in that group: built-in roles are in the groups above by name; a custom role
 * is in the groups its permissions need (see `customRoleGroups`), except the super administrator's,
 * which only the built-in `superadmin` role is in: a custom role cannot hold those permissions
 * (roles/service.ts refuses them, the role form shows them disabled).
 */
export function permissionRoleGroup(permission: string): 'superadmin' | 'admin' | 'accountadmin' | 'member' {
  if (superadminPermissions.has(permission)) return 'superadmin';
  if (permission.startsWith('billing.')) return 'accountadmin';
  if (adminPermissions.has(permission) || permission.startsWith('tenant.')) return 'admin';
  return 'member';
}

const superadminPermissions: ReadonlySet<string> = new Set<Permission>([
  'dev.client.put',
  'dev.user.get',
  'room.feedback.get',
  'client.get',
  'client.put',
  'client.update',
  'client.delete',
  'plans.put',
  'plans.update',
  'plans.delete',
  'plans.disable',
  'products.put',
  'products.update',
  'products.delete',
  'products.disable',
]);

/** The users' administration (not one's own profile), the dashboard, the cloud recordings and the live and completed meetings. */
const adminPermissions: ReadonlySet<string> = new Set<string>([
  'dashboard.superadmin.get',
  'room.recording.get',
  ...permissions.filter((p) => p.startsWith('user.') && !p.startsWith('user.profile.')),
  'room.current.get',
  'room.current.end',
  'room.current.remove',
  'room.current.lock',
  'room.current.mute',
  'room.completed.get',
]);

/** The groups a built-in role of that name is in (`superadmin` only in the system realm). */
function builtInRoleGroups(role: string): RoleGroup[] {
  return (Object.keys(roleGroups) as RoleGroup[]).filter((group) => inRoleGroup(role, group));
}

/**
 * A custom role is in the groups of the built-in role its permissions need: `admin`'s (admin,
 * member, accountadmin) when one of them needs the admin group, `accountadmin`'s (accountadmin,
 * member) when one needs that group, else `member`'s. Never the super administrator's group: a
 * permission needing it (left from before the rule) makes the role no more than an admin role.
 */
export function customRoleGroups(held: readonly string[]): RoleGroup[] {
  const needs = new Set(held.map(permissionRoleGroup));
  if (needs.has('admin') || needs.has('superadmin')) return builtInRoleGroups('admin');
  if (needs.has('accountadmin')) return builtInRoleGroups('accountadmin');
  return builtInRoleGroups('member');
}

/**
 * The role groups of a caller holding these (enabled) roles in the tenant `realm`: the union of
 * each role's. The operation gate (`x-role-group`), the navigation tree and the portal's route
 * guards (`roleGroups` of `/me`) all decide from this one set.
 */
export function roleGroupsOf(held: readonly { name: string; permissions: readonly string[]; builtIn: boolean }[], realm: string): Set<RoleGroup> {
  const groups = new Set<RoleGroup>();
  for (const role of held) {
    // The platform super administrator exists only in the system realm (as in `primaryRole`).
    const builtIn = role.builtIn && (role.name !== 'superadmin' || realm === systemRealm);
    for (const group of builtIn ? builtInRoleGroups(role.name) : customRoleGroups(role.permissions)) groups.add(group);
  }
  return groups;
}

/**
 * The operation gate (src/app/routes.ts) for a signed-in caller: it holds the operation's
 * permission (`x-permission`, unless `authenticated`) and is in its role group (`x-role-group`).
 * The navigation tree shows an item on the same two conditions (src/auth/navigation.ts).
 */
export function passesGate(caller: { permissions: ReadonlySet<string>; groups: ReadonlySet<RoleGroup> }, gate: { permission: string; roleGroup?: string | undefined }): boolean {
  if (gate.permission !== 'authenticated' && !caller.permissions.has(gate.permission)) return false;
  return !gate.roleGroup || (isRoleGroup(gate.roleGroup) && caller.groups.has(gate.roleGroup));
}

/** Highest first: a user's primary role (the one role-group gating looks at) is the first it holds. */
const roleRank: readonly RoleName[] = ['superadmin', 'tenantadmin', 'admin', 'accountadmin', 'member', 'guest'];

/**
 * The primary role of a user holding `roles` in the tenant `realm`. A user with only tenant-defined
 * (custom) roles is an ordinary tenant user: their permissions come from those roles, their menu
 * gating is `member`'s. The platform super administrator exists only in the system realm: in any
 * other tenant a role named `superadmin` is one of that tenant's custom roles.
 */
export function primaryRole(roles: readonly string[], realm: string): string {
  const ranked = realm === systemRealm ? roleRank : roleRank.filter((role) => role !== 'superadmin');
  return ranked.find((role) => roles.includes(role)) ?? (roles.length > 0 ? 'member' : 'guest');
}

/** Is `role` a built-in role ranked above the primary role `than`? Custom roles have no rank. */
export function ranksAbove(role: string, than: string): boolean {
  const rank = roleRank.indexOf(role as RoleName);
  const own = roleRank.indexOf(than as RoleName);
  return rank !== -1 && (own === -1 || rank < own);
}

const all = (prefix: string) => permissions.filter((permission) => permission.startsWith(prefix));
const userAdmin = all('user.').filter((permission) => !permission.startsWith('user.profile.'));
const meetings: Permission[] = ['meeting.put', ...all('meeting.schedule.'), ...all('meeting.open.'), ...all('meeting.personal.')];
const profile = all('user.profile.');
const billingOwn = [...all('billing.plans.'), ...all('billing.pending.')];
const apps = all('apps.');

const tenantAdministration: Permission[] = [
  'dashboard.superadmin.get',
  'room.recording.get',
  ...userAdmin,
  'room.current.get',
  'room.current.end',
  'room.current.remove',
  'room.current.lock',
  'room.current.mute',
  'room.completed.get',
  ...meetings,
  'room.meetingstate.get',
  ...profile,
  ...all('tenant.'),
  ...apps,
  ...all('roles.'),
  ...billingOwn,
  'billing.invoice.get',
];

/** The permission-like flags of a role (and of a tenant, which must have them on for its roles to carry them). */
export const dialFlags = ['dialIn', 'dialOut'] as const;
export type DialFlag = (typeof dialFlags)[number];

/** The dial flags carried by any of these (enabled) roles: what a caller holds, like its permissions. */
export function dialFlagsOf(roles: Iterable<Partial<Record<DialFlag, boolean>>>): Set<DialFlag> {
  const held = new Set<DialFlag>();
  for (const role of roles) for (const flag of dialFlags) if (role[flag]) held.add(flag);
  return held;
}

/**
 * Dial in and dial out, the permission-like flags of a role (spec section 6). The administrators'
 * built-in roles carry both, so they may hand them on in the roles they make, yet only while
 * their tenant has them on (roles/service.ts): the tenant's own flags are the platform's to set.
 */
const dialing = { dialIn: true, dialOut: true } as const;

export type BuiltInRole = { description: string; permissions: readonly Permission[]; dialIn?: boolean; dialOut?: boolean };

/** The permission sets (and dial flags, off unless given) of the built-in roles, seeded for every tenant (`superadmin` only in `system`). */
export const builtInRoles: Record<RoleName, BuiltInRole> = {
  superadmin: {
    description: 'Platform super administrator: every tenant, global configuration, clients and plans',
    ...dialing,
    permissions: [
      'dashboard.superadmin.get',
      'room.recording.get',
      ...userAdmin,
      'room.current.get',
      'room.current.end',
      'room.current.remove',
      'room.current.lock',
      'room.current.mute',
      'room.completed.get',
      'dev.client.put',
      'dev.user.get',
      'room.feedback.get',
      ...all('client.'),
      'room.meetingstate.get',
      ...profile,
      ...all('tenant.'),
      ...all('roles.'),
      ...all('plans.'),
      ...all('products.'),
      'billing.invoice.get',
    ],
  },
  tenantadmin: {
    description: 'Tenant administrator: users, roles, branding, meetings and billing of this tenant',
    permissions: tenantAdministration,
    ...dialing,
  },
  admin: {
    description: 'Administrator: users, meetings, recordings and billing of this tenant',
    permissions: tenantAdministration,
    ...dialing,
  },
  accountadmin: {
    description: 'Account administrator: plans, invoices and pending plans, besides own meetings',
    permissions: [...meetings, ...profile, ...apps, ...billingOwn, 'billing.invoice.get'],
  },
  member: {
    description: 'Member: schedules and joins meetings, uses apps, edits own profile',
    permissions: [...meetings, ...profile, ...apps],
  },
  guest: {
    description: 'Guest: public pages only; theme changes stay in the browser',
    permissions: [],
  },
};
