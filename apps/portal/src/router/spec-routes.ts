import type { RoleGroup } from '@portal/auth';

/** How a route is reached: without sign-in, or behind the guard with the checks of access.md. */
export type RouteAccess =
  | { kind: 'public' }
  | {
      kind: 'protected';
      /** Menu url of the permission tree that opens the route; null for role-only routes. */
      treeUrl: string | null;
      roleGroup?: RoleGroup | readonly RoleGroup[];
    };

export type SpecRoute = { path: string; access: RouteAccess };

const publicRoute = (path: string): SpecRoute => ({ path, access: { kind: 'public' } });

const guarded = (treeUrl: string | null, roleGroup?: RoleGroup | readonly RoleGroup[]) =>
  (path: string): SpecRoute => ({ path, access: { kind: 'protected', treeUrl, roleGroup } });

const superadminOnly = guarded(null, 'superadmin');

/**
 * Every route of spec section 2 (spec/routes.txt) with its gate from access.md. The permission
 * tree's items point at routes (`/portal/app`, `/portal/Roles`); routes without an item of their
 * own (`Roles/create-role`, `role`, `meeting-log`) name the item that opens them.
 */
export const specRoutes: readonly SpecRoute[] = [
  ...[
    'login',
    'register',
    'create-password',
    'forgot-password',
    'auth/reset-password',
    'getting-started',
    'signup',
    'thank-you',
    'launch-page',
    'landing-page',
    'slack',
    'slack-authorization',
    'slack-authentication',
    'slack-install',
    'google-addon',
    'select-plans',
    'purchase-plan',
    'edit-plan',
    'change-plan',
    'payment-review',
    'payment-processing',
  ].map(publicRoute),
  guarded('billing/plan', 'accountadmin')('billing/plan'),
  // The account administrator too: it buys the plans and pays their invoices (navigation.ts says why).
  guarded('billing/invoice', ['admin', 'accountadmin'])('billing/invoice'),
  guarded('billing/pending', 'accountadmin')('billing/pending'),
  ...['dashboard', 'operational-dashboard'].map(guarded('dashboard', 'admin')),
  guarded('cloud-recordings', ['admin', 'recording'])('cloud-recordings'),
  // Not in spec/routes.txt (see nonSpecRoutePaths): the member's own uploaded recordings (spec 'Local recordings'), opened by its menu item.
  guarded('recordings', 'member')('recordings'),
  // No menu items: dashboard.superadmin.get (the dashboard item's permission) and the superadmin role.
  ...['local-recordings', 'recording-settings', 'meeting-settings'].map(guarded('dashboard', 'superadmin')),
  // Spec: the global configuration routes need no permission check; the role gates them (the
  // overview and system-config have no menu item of their own).
  ...[
    'global-configuration',
    'kubernetes-config',
    'system-config',
    'freeswitch-config',
    'kafka-config',
    'meetingconfig-config',
    'emailconfig-config',
    'stripeconfig-config',
    'transcoding-config',
    'tenantconfig-config',
    // Not in spec/routes.txt (see nonSpecRoutePaths): whether webhooks may reach private addresses.
    'webhooks-config',
  ].map(superadminOnly),
  guarded('user', 'admin')('user'),
  // Not in spec/routes.txt (see nonSpecRoutePaths): the admins' email log of issue 3 and audit log
  // of issue 4, each opened by its own menu item (gated as the users' item).
  guarded('email-log', 'admin')('email-log'),
  // The meeting room of issue 10, where every join link leads (public, without the portal's chrome).
  publicRoute('join/:code'),
  // The public player of a recording's share link (issue 12; not in spec/routes.txt either).
  publicRoute('recording/:token'),
  guarded('audit-log', 'admin')('audit-log'),
  guarded('live-meeting', 'admin')('live-meeting'),
  guarded('completed-meetings', 'admin')('completed-meetings'),
  superadminOnly('phone-numbers'),
  guarded('devportal', 'superadmin')('devportal'),
  ...['schedule-meeting', 'schedule-meeting/:meetingid', 'update-meetings'].map(guarded('schedule-meeting', 'member')),
  guarded('upcoming-meetings', 'member')('upcoming-meetings'),
  guarded('open-meetings', 'member')('open-meetings'),
  guarded('past-meetings', 'member')('past-meetings'),
  guarded('personal-meeting', 'member')('personal-meeting'),
  guarded('feedback', 'superadmin')('feedback'),
  guarded('clients', 'superadmin')('clients'),
  ...['meeting-state', 'meeting-log'].map(guarded('meeting-state', 'member')),
  // Every signed-in role has a profile; the tree still has to hold the item.
  guarded('profile')('profile'),
  ...['tenant', 'Tenant/:tenantUuid', 'tenant-features'].map(guarded('tenant', 'admin')),
  guarded('app', 'member')('app'),
  // Not in spec/routes.txt (see nonSpecRoutePaths): the tenant's signed webhooks of issue 14, opened
  // by their own menu item (tenant administrators holding tenant.partner_app.get).
  guarded('webhooks', 'admin')('webhooks'),
  ...['Roles', 'Roles/create-role', 'Roles/:roleuuid', 'role'].map(guarded('roles', 'member')),
  ...['plans', 'plans/create-plan', 'plans/:planuuid', 'plan'].map(guarded('plans', 'member')),
  ...['products', 'products/create-product', 'products/:productuuid', 'product'].map(guarded('products', 'member')),
];

/** Routes added beyond spec/routes.txt by the issues (the route-coverage test leaves them out). */
export const nonSpecRoutePaths: ReadonlySet<string> = new Set(['email-log', 'audit-log', 'join/:code', 'recordings', 'recording/:token', 'webhooks', 'webhooks-config']);
