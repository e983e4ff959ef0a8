import type { SignInFlowPaths } from '@portal/auth';
import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';
import { APPS_PATH, GOOGLE_ADDON_PATH } from './apps-paths';
import { SLACK_AUTHENTICATION_PATH, SLACK_AUTHORIZATION_PATH, SLACK_INSTALL_PATH, SLACK_PATH } from './slack-paths';
import { WEBHOOKS_PATH } from './webhook-paths';

/**
 * Routes of the apps and integrations feature, relative to the portal's `/portal` base. The Slack
 * and add-on pages are public: each decides itself whether the visitor must sign in first; the
 * Apps and webhooks screens are behind the portal's guard (apps/portal spec-routes).
 */
export const appsIntegrationsRoutes: RouteObject[] = [
  lazyRoute(SLACK_AUTHORIZATION_PATH, () => import('./slack-authorization-route')),
  lazyRoute(GOOGLE_ADDON_PATH, () => import('./google-addon-route')),
  ...(
    [
      [SLACK_AUTHENTICATION_PATH, 'authentication'],
      [SLACK_INSTALL_PATH, 'install'],
    ] as const
  ).map(([path, kind]) =>
    lazyRoute(
      path,
      () => import('../components/slack-result'),
      ({ SlackResultScreen }) =>
        () => <SlackResultScreen kind={kind} />,
    ),
  ),
  lazyRoute(SLACK_PATH, () => import('../components/slack-app'), (module) => module.SlackAppScreen),
  lazyRoute(WEBHOOKS_PATH, () => import('../components/webhooks'), (module) => module.WebhooksScreen),
  lazyRoute(APPS_PATH, () => import('../components/apps-screen'), (module) => module.AppsScreen),
];

/** The Slack consent and the Google add-on a signed-out visitor started (AppAuthorizationGate's flags) continue at their pages after sign-in. */
export const appsIntegrationsSignInFlows = { slack: SLACK_AUTHORIZATION_PATH, googleAddOn: GOOGLE_ADDON_PATH } as const satisfies SignInFlowPaths;
