import { lazyRoute } from '@portal/ui-kit';
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TenantDetailExtraSection } from '../components/tenants/tenant-detail-screen';

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
    lazyRoute('user', () => import('./users-route')),
    lazyRoute('email-log', () => import('./email-log-route')),
    lazyRoute('audit-log', () => import('./audit-log-route')),
    lazyRoute('clients', () => import('./clients-route')),
    lazyRoute('tenant', () => import('./tenants-route')),
    lazyRoute('Tenant/:tenantUuid', () => import('./tenant-detail-route'), withSections),
    // The operational dashboard and the tenant features are the caller's own tenant's detail.
    ...['operational-dashboard', 'tenant-features'].map((path) =>
      lazyRoute(path, () => import('./own-tenant-route'), withSections),
    ),
    lazyRoute('phone-numbers', () => import('./phone-numbers-route')),
    lazyRoute('devportal', () => import('./devportal-route')),
    lazyRoute('Roles', () => import('./roles-route')),
    lazyRoute('role', () => import('./roles-route')),
    lazyRoute('Roles/create-role', () => import('./role-form-route')),
    lazyRoute('Roles/:roleuuid', () => import('./role-form-route')),
    lazyRoute('global-configuration', () => import('./global-configuration-route')),
    // The configuration screens share one lazy module; the meeting and recording settings are the meetings feature's.
    ...[
      'kubernetes-config',
      'system-config',
      'freeswitch-config',
      'kafka-config',
      'emailconfig-config',
      'stripeconfig-config',
      'transcoding-config',
      'tenantconfig-config',
    ].map((path) =>
      lazyRoute(
        path,
        () => import('./config-route'),
        ({ default: ConfigScreen }) =>
          () =>
            createElement(ConfigScreen, { path }),
      ),
    ),
  ];
};
