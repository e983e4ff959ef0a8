// The tenants feature's paths, one constant each: the route list serves them and the screens'
// links and navigations build from them. Kept apart from the screens so the route list imports
// no screen code (screens load lazily).

export const USERS_PATH = '/user';
export const EMAIL_LOG_PATH = '/email-log';
export const AUDIT_LOG_PATH = '/audit-log';
export const CLIENTS_PATH = '/clients';
export const TENANTS_PATH = '/tenant';
export const TENANT_PATH = '/Tenant/:tenantUuid';
export const OPERATIONAL_DASHBOARD_PATH = '/operational-dashboard';
export const TENANT_FEATURES_PATH = '/tenant-features';
export const PHONE_NUMBERS_PATH = '/phone-numbers';
export const DEVPORTAL_PATH = '/devportal';
export const ROLES_PATH = '/Roles';
/** The spec's second name for the roles list. */
export const ROLE_PATH = '/role';
export const CREATE_ROLE_PATH = '/Roles/create-role';
export const EDIT_ROLE_PATH = '/Roles/:roleuuid';
export const GLOBAL_CONFIGURATION_PATH = '/global-configuration';

/** The global configuration's sections, each a screen of its own. */
export const CONFIG_PATHS = [
  '/kubernetes-config',
  '/system-config',
  '/freeswitch-config',
  '/kafka-config',
  '/emailconfig-config',
  '/stripeconfig-config',
  '/transcoding-config',
  '/tenantconfig-config',
  '/webhooks-config',
] as const;

/** One tenant's detail screen. */
export const tenantPath = (tenantId: string) => TENANT_PATH.replace(':tenantUuid', encodeURIComponent(tenantId));

/** The form that edits one role. */
export const editRolePath = (roleId: string) => EDIT_ROLE_PATH.replace(':roleuuid', encodeURIComponent(roleId));

/** A path constant as a route of the portal's `/portal` base (routes are relative). */
export const routePath = (path: string) => path.replace(/^\//, '');
