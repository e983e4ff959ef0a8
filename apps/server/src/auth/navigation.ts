// The side navigation menu of spec section 2 (with the audit and email logs added beside Users),
// gated as access.md decides and exactly as the operations behind it are (src/app/routes.ts): an
// item shows when the caller is in the item's role group (`roleGroupsOf`: its built-in roles' groups
// and the groups its custom roles' permissions need) AND holds (one of) its permissions; "tenant users only" items are hidden from the platform
// super administrator; a collapse without a visible child is dropped. `id`s are the spec's menu
// link names (kept even where the spec misspells one, e.g. `freeswitck`, because stored shortcuts
// refer to them); `url` is the route.
import type { Schemas } from '../kernel/http/api.ts';
import { roleGroups, roleNames, type Permission, type RoleGroup } from '../kernel/access/permissions.ts';

type NavNode = Schemas['NavNode'];

type ItemDefinition = {
  id: string;
  title: string;
  route: string;
  icon: string;
  group: RoleGroup | readonly RoleGroup[] | 'signedIn';
  /** Any one of these is enough; none means the role gate alone decides. */
  permission?: Permission | readonly Permission[];
  /** Needed besides: the permission of the call that lists the screen, when it is not `permission`. */
  alsoNeeds?: Permission;
  tenantUsersOnly?: boolean;
};

type CollapseDefinition = { id: string; title: string; icon: string; children: readonly ItemDefinition[] };

type Definition = ItemDefinition | CollapseDefinition;

const configItem = (id: string, title: string, route: string, icon: string): ItemDefinition => ({
  id,
  title,
  route,
  icon,
  group: 'superadmin',
  permission: 'dashboard.superadmin.get',
});

const menu: readonly Definition[] = [
  { id: 'dashboard', title: 'Dashboard', route: 'dashboard', icon: 'layout-dashboard', group: 'admin', permission: 'dashboard.superadmin.get' },
  {
    id: 'recording',
    title: 'Recording',
    icon: 'player-record',
    children: [
      {
        id: 'cloud-recordings',
        title: 'Cloud Recordings',
        route: 'cloud-recordings',
        icon: 'cloud',
        group: ['admin', 'recording'],
        permission: 'room.recording.get',
      },
    ],
  },
  {
    id: 'global-configuration',
    title: 'Global Configuration',
    icon: 'settings',
    children: [
      configItem('kubernetes', 'Kubernetes', 'kubernetes-config', 'server-cog'),
      configItem('freeswitck', 'FreeSwitch', 'freeswitch-config', 'phone-call'),
      configItem('kafka', 'Kafka', 'kafka-config', 'topology-star-3'),
      configItem('meetingconfig', 'Meeting', 'meetingconfig-config', 'adjustments'),
      configItem('emailconfig', 'Email', 'emailconfig-config', 'mail-cog'),
      configItem('stripeconfig', 'Payment Provider', 'stripeconfig-config', 'brand-stripe'),
      configItem('transcodingconfig', 'Transcoding', 'transcoding-config', 'transform'),
      configItem('tenantconfig', 'Tenant', 'tenantconfig-config', 'building-cog'),
      // Not in the spec's menu: whether webhooks may reach private addresses (issue 14 section 6).
      configItem('webhooksconfig', 'Webhooks', 'webhooks-config', 'webhook'),
    ],
  },
  { id: 'user', title: 'Users', route: 'user', icon: 'users', group: 'admin', permission: 'user.get' },
  // Not in the spec's menu: the audit log (issue 4) and the email log (issue 3), for the same
  // administrators as Users and under the permission their operations need.
  { id: 'audit-log', title: 'Audit Log', route: 'audit-log', icon: 'list-search', group: 'admin', permission: 'user.get' },
  { id: 'email-log', title: 'Email Log', route: 'email-log', icon: 'mail', group: 'admin', permission: 'user.get' },
  { id: 'live-meeting', title: 'Live Meetings', route: 'live-meeting', icon: 'broadcast', group: 'admin', permission: 'room.current.get' },
  { id: 'completed-meetings', title: 'Completed Meetings', route: 'completed-meetings', icon: 'calendar-clock', group: 'admin', permission: 'room.completed.get' },
  { id: 'phone-numbers', title: 'Phone Numbers', route: 'phone-numbers', icon: 'phone', group: 'superadmin' },
  { id: 'devportal', title: 'Develops', route: 'devportal', icon: 'code', group: 'superadmin', permission: ['dev.client.put', 'dev.user.get'] },
  {
    id: 'meetings',
    title: 'Meetings',
    icon: 'video',
    children: [
      {
        id: 'schedule-meeting',
        title: 'Schedule Meeting',
        route: 'schedule-meeting',
        icon: 'calendar-plus',
        group: 'member',
        permission: 'meeting.schedule.put',
        tenantUsersOnly: true,
      },
      {
        id: 'upcoming-meetings',
        title: 'Upcoming Meetings',
        route: 'upcoming-meetings',
        icon: 'calendar-event',
        group: 'member',
        permission: 'meeting.schedule.get',
        tenantUsersOnly: true,
      },
      { id: 'open-meetings', title: 'Open Meetings', route: 'open-meetings', icon: 'door-enter', group: 'member', permission: 'meeting.open.get' },
      { id: 'past-meetings', title: 'Past Meetings', route: 'past-meetings', icon: 'history', group: 'member', permission: 'meeting.schedule.get' },
      { id: 'personal-meeting', title: 'Personal Meeting', route: 'personal-meeting', icon: 'video-plus', group: 'member', permission: 'meeting.personal.get' },
      // Not in the spec's menu: the member's uploaded recordings (spec 'Local recordings'), under the permission uploading needs.
      { id: 'recordings', title: 'Recordings', route: 'recordings', icon: 'player-record', group: 'member', permission: 'meeting.put', tenantUsersOnly: true },
    ],
  },
  { id: 'feedback', title: 'Feedback', route: 'feedback', icon: 'message-2', group: 'superadmin', permission: 'room.feedback.get' },
  { id: 'clients', title: 'Clients', route: 'clients', icon: 'device-desktop', group: 'superadmin', permission: 'client.get' },
  { id: 'meeting-state', title: 'Meeting State', route: 'meeting-state', icon: 'activity', group: 'member', permission: 'room.meetingstate.get' },
  { id: 'profile', title: 'Profile', route: 'profile', icon: 'user-circle', group: 'signedIn', permission: 'user.profile.get' },
  { id: 'tenant', title: 'Tenants', route: 'tenant', icon: 'building', group: 'admin', permission: 'tenant.default.get' },
  { id: 'apps', title: 'Apps', route: 'app', icon: 'apps', group: 'member', permission: ['apps.slack', 'apps.neosound'] },
  // Not in the spec's menu: the tenant's signed webhooks (issue 14 section 6), for the administrators
  // who manage its partner apps and under the permission the webhook operations need; webhooks
  // belong to a tenant, so the platform super administrator (system realm) has none.
  { id: 'webhooks', title: 'Webhooks', route: 'webhooks', icon: 'webhook', group: 'admin', permission: 'tenant.partner_app.get', tenantUsersOnly: true },
  { id: 'roles', title: 'Roles', route: 'Roles', icon: 'shield-lock', group: 'member', permission: 'roles.get' },
  { id: 'plans', title: 'Plans', route: 'plans', icon: 'list-details', group: 'member', permission: 'plans.get' },
  { id: 'products', title: 'Products', route: 'products', icon: 'package', group: 'member', permission: 'products.get' },
  {
    id: 'billing',
    title: 'Billing',
    icon: 'credit-card',
    children: [
      { id: 'billing-plan', title: 'Current Plans', route: 'billing/plan', icon: 'receipt', group: 'accountadmin', permission: 'billing.plans.get' },
      // access.md gates it by the admin group; the account administrator buys the plans and pays
      // their invoices (it holds billing.invoice.get, the invoice calls admit it), so it sees them too.
      { id: 'billing-invoice', title: 'Invoice History', route: 'billing/invoice', icon: 'file-invoice', group: ['admin', 'accountadmin'], permission: 'billing.invoice.get' },
      // The pending plans are listed by getSubscriptions (billing.plans.get): without it the screen could not load.
      { id: 'billing-pending', title: 'Pending Plans', route: 'billing/pending', icon: 'hourglass', group: 'accountadmin', permission: 'billing.pending.get', alsoNeeds: 'billing.plans.get' },
    ],
  },
];

const signedInRoles = roleNames.filter((role) => role !== 'guest');

function allowedRoles(group: ItemDefinition['group']): string[] {
  if (group === 'signedIn') return [...signedInRoles];
  const groups: readonly RoleGroup[] = typeof group === 'string' ? [group] : group;
  return [...new Set(groups.flatMap((g) => roleGroups[g]))];
}

const translateKey = (id: string) => `nav.${id.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;

export type NavigationViewer = { role: string; permissions: ReadonlySet<string>; groups: ReadonlySet<RoleGroup> };

function inGroup(group: ItemDefinition['group'], viewer: NavigationViewer): boolean {
  if (group === 'signedIn') return viewer.role !== 'guest' || viewer.groups.size > 0;
  const groups: readonly RoleGroup[] = typeof group === 'string' ? [group] : group;
  return groups.some((g) => viewer.groups.has(g));
}

function visibleItem(item: ItemDefinition, viewer: NavigationViewer): NavNode | null {
  if (!inGroup(item.group, viewer)) return null;
  const auth = allowedRoles(item.group);
  if (item.tenantUsersOnly && viewer.role === 'superadmin') return null;
  const needed: readonly Permission[] = item.permission === undefined ? [] : typeof item.permission === 'string' ? [item.permission] : item.permission;
  if (needed.length > 0 && !needed.some((permission) => viewer.permissions.has(permission))) return null;
  if (item.alsoNeeds && !viewer.permissions.has(item.alsoNeeds)) return null;
  return { id: item.id, type: 'item', title: item.title, translate: translateKey(item.id), url: `/portal/${item.route}`, icon: item.icon, auth };
}

/** The menu the viewer may see, in the spec's order. */
export function navigationFor(viewer: NavigationViewer): NavNode[] {
  const result: NavNode[] = [];
  for (const definition of menu) {
    if ('children' in definition) {
      const children = definition.children.map((child) => visibleItem(child, viewer)).filter((node): node is NavNode => node !== null);
      if (children.length === 0) continue;
      const auth = [...new Set(children.flatMap((child) => child.auth ?? []))];
      result.push({ id: definition.id, type: 'collapse', title: definition.title, translate: translateKey(definition.id), icon: definition.icon, auth, children });
    } else {
      const node = visibleItem(definition, viewer);
      if (node) result.push(node);
    }
  }
  return result;
}
