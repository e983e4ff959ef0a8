import type { RouteObject } from 'react-router';

/**
 * Routes of the tenants feature, relative to the portal's `/portal` base. Screens load lazily;
 * access is decided by the portal's guard from the permission tree (`user` needs `user.get`).
 */
export const tenantsRoutes: RouteObject[] = [
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
];
