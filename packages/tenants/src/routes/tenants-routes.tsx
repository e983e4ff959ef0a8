import { lazyRoute } from '@portal/ui-kit';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TenantDetailExtraSection } from '../components/tenant-detail-screen';
import {
  AUDIT_LOG_PATH,
  CLIENTS_PATH,
  CONFIG_PATHS,
  CREATE_ROLE_PATH,
  DEVPORTAL_PATH,
  EDIT_ROLE_PATH,
  EMAIL_LOG_PATH,
  GLOBAL_CONFIGURATION_PATH,
  OPERATIONAL_DASHBOARD_PATH,
  PHONE_NUMBERS_PATH,
  ROLE_PATH,
  ROLES_PATH,
  routePath,
  TENANT_FEATURES_PATH,
  TENANT_PATH,
  TENANTS_PATH,
  USERS_PATH,
} from './tenant-paths';

export type TenantsRoutesOptions = {
  /** Other features' tabs of the tenant detail (partner apps, subscriptions, transactions), composed by the portal. */
  tenantDetailSections?: readonly TenantDetailExtraSection[];
};

/**
 * Routes of the tenants feature, relative to the portal's `/portal` base. Screens load lazily;
 * access is decided by the portal's guard from the permission tree (`user` needs `user.get`).
 */
export const tenantsRoutes = ({ tenantDetailSections = [] }: TenantsRoutesOptions = {}): RouteObject[] => {
  const withSections =
    ({ default: Screen }: { default: ComponentType<{ sections: readonly TenantDetailExtraSection[] }> }) =>
    () => <Screen sections={tenantDetailSections} />;
  return [
    lazyRoute(routePath(USERS_PATH), () => import('../components/users-screen'), (module) => module.UsersScreen),
    lazyRoute(routePath(EMAIL_LOG_PATH), () => import('../components/email-log-screen'), (module) => module.EmailLogScreen),
    lazyRoute(routePath(AUDIT_LOG_PATH), () => import('../components/audit-log-screen'), (module) => module.AuditLogScreen),
    lazyRoute(routePath(CLIENTS_PATH), () => import('../components/clients-screen'), (module) => module.ClientsScreen),
    lazyRoute(routePath(TENANTS_PATH), () => import('../components/tenants-screen'), (module) => module.TenantsScreen),
    lazyRoute(routePath(TENANT_PATH), () => import('./tenant-detail-route'), withSections),
    // The operational dashboard and the tenant features are the caller's own tenant's detail.
    ...[OPERATIONAL_DASHBOARD_PATH, TENANT_FEATURES_PATH].map((path) =>
      lazyRoute(routePath(path), () => import('./own-tenant-route'), withSections),
    ),
    lazyRoute(routePath(PHONE_NUMBERS_PATH), () => import('../components/phone-numbers-screen'), (module) => module.PhoneNumbersScreen),
    lazyRoute(routePath(DEVPORTAL_PATH), () => import('../components/dev-clients-screen'), (module) => module.DevClientsScreen),
    ...[ROLES_PATH, ROLE_PATH].map((path) => lazyRoute(routePath(path), () => import('../components/roles-screen'), (module) => module.RolesScreen)),
    lazyRoute(routePath(CREATE_ROLE_PATH), () => import('./role-form-route')),
    lazyRoute(routePath(EDIT_ROLE_PATH), () => import('./role-form-route')),
    lazyRoute(
      routePath(GLOBAL_CONFIGURATION_PATH),
      () => import('../components/global-configuration'),
      (module) => module.GlobalConfigurationScreen,
    ),
    // The configuration screens share one lazy module; the meeting and recording settings are the meetings feature's.
    ...CONFIG_PATHS.map((path) =>
      lazyRoute(
        routePath(path),
        () => import('../components/global-configuration'),
        ({ ConfigScreen, configScreenOf }) => {
          // CONFIG_PATHS lists only paths configScreens knows; anything else has nothing to show.
          const screen = configScreenOf(routePath(path));
          return () => (screen ? <ConfigScreen screen={screen} /> : null);
        },
      ),
    ),
  ];
};
