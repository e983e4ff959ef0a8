import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';

/**
 * Routes of the apps and integrations feature, relative to the portal's `/portal` base. They are
 * public: each decides itself whether the visitor must sign in first.
 */
export const appsIntegrationsRoutes: RouteObject[] = [
  lazyRoute('slack-authorization', () => import('./slack-authorization-route')),
  lazyRoute('google-addon', () => import('./google-addon-route')),
];
