import { createElement } from 'react';
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
export const tenantsRoutes = ({ tenantDetailSections = [] }: TenantsRoutesOptions = {}): RouteObject[] => [
  {
    path: 'user',
    lazy: async () => {
      const module = await import('./users-route');
      return { Component: module.default };
    },
  },
  {
    path: 'email-log',
    lazy: async () => {
      const module = await import('./email-log-route');
      return { Component: module.default };
    },
  },
  {
    path: 'audit-log',
    lazy: async () => {
      const module = await import('./audit-log-route');
      return { Component: module.default };
    },
  },
  {
    path: 'clients',
    lazy: async () => {
      const module = await import('./clients-route');
      return { Component: module.default };
    },
  },
  {
    path: 'tenant',
    lazy: async () => {
      const module = await import('./tenants-route');
      return { Component: module.default };
    },
  },
  {
    path: 'Tenant/:tenantUuid',
    lazy: async () => {
      const module = await import('./tenant-detail-route');
      return { Component: () => createElement(module.default, { sections: tenantDetailSections }) };
    },
  },
  // The operational dashboard and the tenant features are the caller's own tenant's detail.
  ...['operational-dashboard', 'tenant-features'].map(
    (path): RouteObject => ({
      path,
      lazy: async () => {
        const module = await import('./own-tenant-route');
        return { Component: () => createElement(module.default, { sections: tenantDetailSections }) };
      },
    }),
  ),
  {
    path: 'phone-numbers',
    lazy: async () => {
      const module = await import('./phone-numbers-route');
      return { Component: module.default };
    },
  },
  {
    path: 'devportal',
    lazy: async () => {
      const module = await import('./devportal-route');
      return { Component: module.default };
    },
  },
  {
    path: 'Roles',
    lazy: async () => {
      const module = await import('./roles-route');
      return { Component: module.default };
    },
  },
  {
    path: 'role',
    lazy: async () => {
      const module = await import('./roles-route');
      return { Component: module.default };
    },
  },
  {
    path: 'Roles/create-role',
    lazy: async () => {
      const module = await import('./role-form-route');
      return { Component: module.default };
    },
  },
  {
    path: 'Roles/:roleuuid',
    lazy: async () => {
      const module = await import('./role-form-route');
      return { Component: module.default };
    },
  },
  {
    path: 'global-configuration',
    lazy: async () => {
      const module = await import('./global-configuration-route');
      return { Component: module.default };
    },
  },
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
  ].map(
    (path): RouteObject => ({
      path,
      lazy: async () => {
        const module = await import('./config-route');
        return { Component: () => createElement(module.default, { path }) };
      },
    }),
  ),
];
