import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';
import { LOGIN_PATH, RESET_PASSWORD_PATH, type SignInFlowPaths } from '../utils/post-login-redirect';
import { FORGOT_PASSWORD_PATH, REGISTER_PATH, SIGNUP_PATH, THANK_YOU_PATH } from './signup-paths';

export type AuthRoutesOptions = {
  /** The pages of the flows that start signed out (Slack consent, Google add-on, plan purchase), owned by their features. */
  signInFlowPaths: SignInFlowPaths;
};

/** The sign-in screens as lazy routes (relative paths under the portal's `/portal` basename). */
export function authRoutes({ signInFlowPaths }: AuthRoutesOptions): RouteObject[] {
  return [
    lazyRoute(
      LOGIN_PATH,
      () => import('./login-page/login-page'),
      ({ default: LoginPage }) =>
        () => <LoginPage flowPaths={signInFlowPaths} />,
    ),
    lazyRoute('profile', () => import('./profile-page/profile-page')),
    lazyRoute(RESET_PASSWORD_PATH, () => import('./reset-password-page/reset-password-page')),
    lazyRoute(REGISTER_PATH, () => import('./register-page/register-page')),
    lazyRoute(THANK_YOU_PATH, () => import('./thank-you-page/thank-you-page')),
    lazyRoute('create-password', () => import('./create-password-page/create-password-page')),
    lazyRoute(FORGOT_PASSWORD_PATH, () => import('./forgot-password-page/forgot-password-page')),
    lazyRoute(SIGNUP_PATH, () => import('./signup-page/signup-page')),
    lazyRoute('getting-started', () => import('./getting-started-page/getting-started-page')),
  ];
}
