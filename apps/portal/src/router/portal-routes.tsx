import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { appsIntegrationsRoutes, appsIntegrationsSignInFlows, appsIntegrationsTenantSections } from '@portal/apps-integrations/routes';
import { authRoutes, LANDING_PATH, MissingRoutePage, RequireAuth } from '@portal/auth';
import type { SignInFlowPaths } from '@portal/auth';
import { billingRoutes, billingSignInFlows, billingTenantSections } from '@portal/billing/routes';
import { meetingsRoutes } from '@portal/meetings/routes';
import { tenantsRoutes } from '@portal/tenants/routes';
import { PageLoader } from '@portal/ui-kit';
import { APP_BUILD, APP_VERSION } from '../app/version';
import { publicHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';
import { specRoutes } from './spec-routes';
import type { SpecRoute } from './spec-routes';

/** The landing page's route path (relative to the `/portal` base); links write it as `LANDING_PATH`. */
export const LANDING_ROUTE_PATH = LANDING_PATH.slice(1);

/**
 * Where sign-in continues each flow a signed-out visitor started (Slack consent, Google add-on,
 * plan purchase): the pages of the features that own the flows, one for every session flag.
 */
export const signInFlowPaths = { ...appsIntegrationsSignInFlows, ...billingSignInFlows } satisfies Required<SignInFlowPaths>;

/** Screens the feature packages have built so far, by route path. */
export const featureRoutes: readonly RouteObject[] = [
  ...authRoutes({ signInFlowPaths }),
  ...meetingsRoutes({ version: APP_VERSION, build: APP_BUILD }),
  // The tenant detail's partner apps, subscriptions and transactions are those features' own sections.
  ...tenantsRoutes({ tenantDetailSections: [...appsIntegrationsTenantSections, ...billingTenantSections] }),
  ...appsIntegrationsRoutes,
  ...billingRoutes,
];

// The shell loads with the first page that needs it, keeping it out of the login page's download.
const portalLayout = async () => ({ Component: (await import('../layout/portal-layout')).default });

function screenFor(spec: SpecRoute, features: readonly RouteObject[]): RouteObject {
  const built = features.find((route) => route.path?.toLowerCase() === spec.path.toLowerCase());
  // A route whose screen is not built yet shows the missing page rather than pretending to exist.
  return built ?? { path: spec.path, element: <MissingRoutePage /> };
}

/**
 * The portal's route tree under the `/portal` basename: chrome-less public pages, the landing
 * page in the shell, guarded screens in the shell behind RequireAuth, and the missing page for
 * anything else. Paths match case-insensitively and ignore a trailing slash.
 */
export function portalRoutes(features: readonly RouteObject[] = featureRoutes): RouteObject[] {
  const bare: RouteObject[] = [];
  const inShell: RouteObject[] = [];
  const guarded: RouteObject[] = [];
  for (const spec of specRoutes) {
    const screen = screenFor(spec, features);
    if (spec.access.kind === 'public') {
      (spec.path === LANDING_ROUTE_PATH ? inShell : bare).push({ ...screen, handle: publicHandle });
    } else {
      const { treeUrl, roleGroup } = spec.access;
      guarded.push({ element: <RequireAuth treeUrl={treeUrl} roleGroup={roleGroup} />, children: [screen] });
    }
  }
  return [
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      // Shown while the first screen's code loads.
      hydrateFallbackElement: <PageLoader />,
      children: [
        { index: true, element: <Navigate to={LANDING_PATH} replace /> },
        ...bare,
        { lazy: portalLayout, handle: publicHandle, children: inShell },
        {
          element: <RequireAuth treeUrl={null} />,
          children: [{ lazy: portalLayout, children: guarded }],
        },
        { path: '*', element: <MissingRoutePage />, handle: publicHandle },
      ],
    },
  ];
}

export const PORTAL_BASENAME = '/portal';
