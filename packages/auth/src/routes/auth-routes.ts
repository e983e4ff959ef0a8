import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';

/** The sign-in screens as lazy routes (relative paths under the portal's `/portal` basename). */
export const authRoutes: RouteObject[] = [
  lazyRoute('login', () => import('./login-page/login-page')),
  lazyRoute('profile', () => import('./profile-page/profile-page')),
  lazyRoute('auth/reset-password', () => import('./reset-password-page/reset-password-page')),
  lazyRoute('register', () => import('./register-page/register-page')),
  lazyRoute('thank-you', () => import('./thank-you-page/thank-you-page')),
  lazyRoute('create-password', () => import('./create-password-page/create-password-page')),
  lazyRoute('forgot-password', () => import('./forgot-password-page/forgot-password-page')),
  lazyRoute('signup', () => import('./signup-page/signup-page')),
  lazyRoute('getting-started', () => import('./getting-started-page/getting-started-page')),
];
