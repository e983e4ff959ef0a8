import { lazyRoute } from '@portal/ui-kit';
import { createElement, type ComponentType } from 'react';
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
    ({ default: screen }: { default: ComponentType<{ sections: readonly TenantDetailExtraSection[] }> }) =>
    () =>
      createElement(screen, { sections: tenantDetailSections });
  return [
    lazyRoute(routePath(USERS_PATH), () => import('./users-route')),
    lazyRoute(routePath(EMAIL_LOG_PATH), () => import('./email-log-route')),
    lazyRoute(routePath(AUDIT_LOG_PATH), () => import('./audit-log-route')),
    lazyRoute(routePath(CLIENTS_PATH), () => import('./clients-route')),
    lazyRoute(routePath(TENANTS_PATH), () => import('./tenants-route')),
    lazyRoute(routePath(TENANT_PATH), () => import('./tenant-detail-route'), withSections),
    // The operational dashboard and the tenant features are the caller's own tenant's detail.
    ...[OPERATIONAL_DASHBOARD_PATH, TENANT_FEATURES_PATH].map((path) =>
      lazyRoute(routePath(path), () => import('./own-tenant-route'), withSections),
    ),
    lazyRoute(routePath(PHONE_NUMBERS_PATH), () => import('./phone-numbers-route')),
    lazyRoute(routePath(DEVPORTAL_PATH), () => import('./devportal-route')),
    lazyRoute(routePath(ROLES_PATH), () => import('./roles-route')),
    lazyRoute(routePath(ROLE_PATH), () => import('./roles-route')),
    lazyRoute(routePath(CREATE_ROLE_PATH), () => import('./role-form-route')),
    lazyRoute(routePath(EDIT_ROLE_PATH), () => import('./role-form-route')),
    lazyRoute(routePath(GLOBAL_CONFIGURATION_PATH), () => import('./global-configuration-route')),
    // The configuration screens share one lazy module; the meeting and recording settings are the meetings feature's.
    ...CONFIG_PATHS.map((path) =>
      lazyRoute(
        routePath(path),
        () => import('./config-route'),
        ({ default: ConfigScreen }) =>
          () =>
            createElement(ConfigScreen, { path: routePath(path) }),
      ),
    ),
  ];
};
