// One rule on both sides (issue 16 section 2): for every role a tenant can make (each built-in role,
// and a custom role holding any one permission a custom role may hold, alone or beside the member
// role), a menu item shows exactly when the operation that lists its screen answers. The portal's
// route guards read the same tree and the same role groups (/me roleGroups).
import { describe, expect, it } from 'vitest';
import { navigationFor } from '../src/auth/navigation.ts';
import { builtInRoles, passesGate, permissionRoleGroup, permissions, primaryRole, roleGroupsOf, type RoleName } from '../src/kernel/access/permissions.ts';
import type { OperationId } from '../src/kernel/http/handler.ts';
import { listOperations } from '../src/kernel/http/openapi.ts';

/** The operation each menu item's screen lists with: what it calls first. */
const screenOperation: Record<string, OperationId> = {
  dashboard: 'dashboardInfo',
  'cloud-recordings': 'getRecordings',
  kubernetes: 'getKubernetesSettings',
  freeswitck: 'getFreeswitchSettings',
  kafka: 'getKafkaSettings',
  meetingconfig: 'getMeetingSettings',
  emailconfig: 'getEmailSettings',
  stripeconfig: 'getPaymentSettings',
  transcodingconfig: 'getTranscodingSettings',
  tenantconfig: 'getTenantSettings',
  webhooksconfig: 'getWebhooksSettings',
  user: 'getUsers',
  'audit-log': 'getAuditLog',
  'email-log': 'getEmailLog',
  'live-meeting': 'currentMeetings',
  'completed-meetings': 'completedMeetings',
  'phone-numbers': 'getDids',
  devportal: 'getDevClients',
  'schedule-meeting': 'getMeetingCoHostCandidates',
  'upcoming-meetings': 'getMeetingSchedules',
  'open-meetings': 'getMeetings',
  'past-meetings': 'getMeetingSchedules',
  'personal-meeting': 'getPersonalMeeting',
  recordings: 'getMyRecordings',
  feedback: 'getFeedback',
  clients: 'getClients',
  'meeting-state': 'meetingState',
  profile: 'getProfile',
  tenant: 'getTenants',
  webhooks: 'getWebhookEndpoints',
  roles: 'getRoles',
  plans: 'getPlans',
  products: 'getProducts',
  'billing-plan': 'getSubscriptions',
  'billing-invoice': 'getInvoices',
  'billing-pending': 'getSubscriptions',
};

/** Items whose screen is for tenant users: the platform super administrator has no meeting space. */
const tenantUsersOnly = new Set(['schedule-meeting', 'upcoming-meetings', 'recordings', 'webhooks']);
/** Screens that need their own permission besides their list call's (Pending Plans lists with getSubscriptions). */
const screenAlsoNeeds: Record<string, string> = { 'billing-pending': 'billing.pending.get' };
/** Items gated by more than one permission (any one opens them). */
const anyOf: Record<string, string[]> = { apps: ['apps.slack', 'apps.neosound'], devportal: ['dev.client.put', 'dev.user.get'] };

type Held = { name: string; permissions: readonly string[]; builtIn: boolean };

function viewerOf(held: Held[], realm: string) {
  return {
    role: primaryRole(
      held.map((r) => r.name),
      realm,
    ),
    permissions: new Set(held.flatMap((r) => r.permissions)),
    groups: roleGroupsOf(held, realm),
  };
}

const ids = (nodes: { id: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((node) => [node.id, ...ids((node.children ?? []) as { id: string; children?: unknown[] }[])]);

const builtIn = (name: RoleName): Held => ({ name, permissions: builtInRoles[name].permissions, builtIn: true });

describe('menu and operations decide alike', () => {
  const operations = new Map(listOperations().map((op) => [op.operationId, op]));
  const viewers: { label: string; realm: string; held: Held[] }[] = [
    { label: 'superadmin', realm: 'system', held: [builtIn('superadmin')] },
    ...(['tenantadmin', 'admin', 'accountadmin', 'member'] as const).map((name) => ({ label: name, realm: 'acme', held: [builtIn(name)] })),
    ...permissions
      .filter((p) => permissionRoleGroup(p) !== 'superadmin')
      .flatMap((p) => [
        { label: `custom [${p}]`, realm: 'acme', held: [{ name: 'Custom', permissions: [p], builtIn: false }] },
        { label: `member + custom [${p}]`, realm: 'acme', held: [builtIn('member'), { name: 'Custom', permissions: [p], builtIn: false }] },
      ]),
  ];

  it('names an existing operation for every menu item', () => {
    const everyItem = ids(navigationFor(viewerOf([builtIn('superadmin')], 'system'))).concat(ids(navigationFor(viewerOf([builtIn('tenantadmin')], 'acme'))));
    for (const id of everyItem) {
      if (['recording', 'global-configuration', 'meetings', 'billing', 'apps'].includes(id)) continue;
      expect(screenOperation[id], id).toBeDefined();
      expect(operations.has(screenOperation[id]!), screenOperation[id]).toBe(true);
    }
  });

  it.each(viewers.map((v) => [v.label, v] as const))('%s sees an item exactly when its screen answers', (_label, { realm, held }) => {
    const viewer = viewerOf(held, realm);
    const shown = new Set(ids(navigationFor(viewer)));
    const mismatches: string[] = [];
    for (const [id, operationId] of Object.entries(screenOperation)) {
      if (tenantUsersOnly.has(id) && viewer.role === 'superadmin') continue;
      const op = operations.get(operationId)!;
      const callable = passesGate(viewer, op) && (screenAlsoNeeds[id] === undefined || viewer.permissions.has(screenAlsoNeeds[id]));
      if (shown.has(id) !== callable) mismatches.push(`${id}: menu ${shown.has(id)}, ${operationId} ${callable}`);
    }
    for (const [id, alternatives] of Object.entries(anyOf)) {
      if (id === 'devportal') continue; // covered above through its list call
      const callable = alternatives.some((p) => viewer.permissions.has(p)) && viewer.groups.has('member');
      if (shown.has(id) !== callable) mismatches.push(`${id}: menu ${shown.has(id)}, held ${callable}`);
    }
    expect(mismatches).toEqual([]);
  });
});
