import type { RouteObject } from 'react-router';

/** The sign-in screens as lazy routes (relative paths under the portal's `/portal` basename). */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('./login-page/login-page')).default }),
  },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('./profile-page/profile-page')).default }),
  },
  {
    path: 'auth/reset-password',
    lazy: async () => ({ Component: (await import('./reset-password-page/reset-password-page')).default }),
  },
  {
    path: 'register',
    lazy: async () => ({ Component: (await import('./register-page/register-page')).default }),
  },
  {
    path: 'thank-you',
    lazy: async () => ({ Component: (await import('./thank-you-page/thank-you-page')).default }),
  },
  {
    path: 'create-password',
    lazy: async () => ({ Component: (await import('./create-password-page/create-password-page')).default }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('./forgot-password-page/forgot-password-page')).default }),
  },
  {
    path: 'signup',
    lazy: async () => ({ Component: (await import('./signup-page/signup-page')).default }),
  },
  {
    path: 'getting-started',
    lazy: async () => ({ Component: (await import('./getting-started-page/getting-started-page')).default }),
  },
];
