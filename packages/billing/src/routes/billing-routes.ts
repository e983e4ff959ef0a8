import { PURCHASE_PLAN_PATH } from '@portal/auth';
import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';

/**
 * Routes of the billing feature, relative to the portal's `/portal` base. The purchase is public:
 * it decides itself whether the visitor must sign in first.
 */
export const billingRoutes: RouteObject[] = [lazyRoute(PURCHASE_PLAN_PATH, () => import('./purchase-plan-route'))];
