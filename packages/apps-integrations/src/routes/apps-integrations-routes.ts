import type { RouteObject } from 'react-router';

/**
 * Routes of the apps and integrations feature, relative to the portal's `/portal` base. They are
 * public: each decides itself whether the visitor must sign in first.
 */
export const appsIntegrationsRoutes: RouteObject[] = [
  {
    path: 'slack-authorization',
    lazy: async () => ({ Component: (await import('./slack-authorization-route')).default }),
  },
  {
    path: 'google-addon',
    lazy: async () => ({ Component: (await import('./google-addon-route')).default }),
  },
];
