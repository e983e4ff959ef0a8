import type { Schema } from '@portal/api-client';

type TenantInfo = Schema<'TenantInfo'>;
type CurrentUser = Schema<'CurrentUser'>;
type PermissionTree = Schema<'PermissionTree'>;
type NavNode = Schema<'NavNode'>;

export function fakeTenantInfo(overrides: Partial<TenantInfo> = {}): TenantInfo {
  return {
    sname: 'acme',
    brandname: 'Acme Meetings',
    defaultLanguage: 'en',
    brandUrl: null,
    logos: { logoDark: null, logoWhite: null, favicon: null },
    text: {
      portal_login_heading: 'Welcome to Acme',
      portal_login_body: 'Meet anyone, anywhere.',
      portal_register_heading: null,
      portal_regiser_body: null,
    },
    signup: { normal: true, social: false },
    backgroundImages: { portal: null },
    dial_in: null,
    theme: { lite: {} },
    localDevelopment: false,
    maintenance: false,
    supportEmail: null,
    ...overrides,
  };
}

export function fakeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@acme.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    role: 'admin',
    roles: ['admin'],
    photoURL: null,
    tenant: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Acme', sname: 'acme' },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions: ['user.get', 'user.put', 'room.current.get'],
    csrfToken: 'csrf-token',
    ...overrides,
  };
}

/** An admin's menu as the server serves it: Dashboard, a Recording group, Users and Live meetings. */
export function fakeNavNodes(): NavNode[] {
  const admins = ['superadmin', 'admin', 'tenantadmin'];
  return [
    { id: 'dashboard', type: 'item', title: 'Dashboard', translate: 'nav.dashboard', url: '/portal/dashboard', icon: 'layout-dashboard', auth: admins },
    {
      id: 'recording',
      type: 'collapse',
      title: 'Recording',
      translate: 'nav.recording',
      icon: 'player-record',
      auth: ['superadmin', 'admin', 'tenantadmin'],
      children: [
        { id: 'cloud-recordings', type: 'item', title: 'Cloud Recordings', translate: 'nav.cloud_recordings', url: '/portal/cloud-recordings', icon: 'cloud', auth: ['superadmin', 'admin', 'tenantadmin'] },
      ],
    },
    { id: 'user', type: 'item', title: 'Users', translate: 'nav.user', url: '/portal/user', icon: 'users', auth: admins },
    { id: 'live-meeting', type: 'item', title: 'Live Meetings', translate: 'nav.live_meeting', url: '/portal/live-meeting', icon: 'broadcast' },
  ];
}

export function fakePermissionTree(children: NavNode[] = fakeNavNodes(), role = 'admin', permissions: string[] = ['user.get', 'room.current.get']): PermissionTree {
  return { data: { children }, permissions, role };
}
