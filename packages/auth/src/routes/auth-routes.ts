import type { RouteObject } from 'react-router';

/** The sign-in screens as lazy routes (relative paths under the portal's `/portal` basename). */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./login-page/login-page')).default }),
  },
  {
    path: 'auth/reset-password',
    lazy: async () => ({ Component: (await import('./reset-password-page/reset-password-page')).default }),
  },
];
