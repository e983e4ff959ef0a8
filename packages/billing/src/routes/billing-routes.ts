import type { SignInFlowPaths } from '@portal/auth';
import { lazyRoute } from '@portal/ui-kit';
import type { RouteObject } from 'react-router';
import {
  CHANGE_PURCHASED_PLAN_PATH,
  CURRENT_PLANS_PATH,
  EDIT_PURCHASED_PLAN_PATH,
  INVOICE_HISTORY_PATH,
  PAYMENT_PROCESSING_PATH,
  PAYMENT_REVIEW_PATH,
  PENDING_PLANS_PATH,
  PURCHASE_PLAN_PATH,
  SELECT_PLANS_PATH,
} from './billing-paths';
import { CREATE_PLAN_PATH, CREATE_PRODUCT_PATH, EDIT_PLAN_PATH, EDIT_PRODUCT_PATH, PLAN_PATH, PLANS_PATH, PRODUCT_PATH, PRODUCTS_PATH, routePath } from './catalogue-paths';

/**
 * Routes of the billing feature, relative to the portal's `/portal` base. The purchase is public:
 * it decides itself whether the visitor must sign in first; edit-plan, change-plan and
 * payment-review, public in the spec, send a signed-out visitor to sign in and back. The catalogue screens (products and
 * plans) are behind the portal's guard (products.get, plans.get).
 */
export const billingRoutes: RouteObject[] = [
  lazyRoute(PURCHASE_PLAN_PATH, () => import('./purchase-plan-route')),
  lazyRoute(routePath(PRODUCTS_PATH), () => import('./products-route')),
  lazyRoute(routePath(PRODUCT_PATH), () => import('./products-route')),
  lazyRoute(routePath(CREATE_PRODUCT_PATH), () => import('./product-form-route')),
  lazyRoute(routePath(EDIT_PRODUCT_PATH), () => import('./product-form-route')),
  lazyRoute(routePath(PLANS_PATH), () => import('./plans-route')),
  lazyRoute(routePath(PLAN_PATH), () => import('./plans-route')),
  lazyRoute(routePath(CREATE_PLAN_PATH), () => import('./plan-form-route')),
  lazyRoute(routePath(EDIT_PLAN_PATH), () => import('./plan-form-route')),
  lazyRoute(INVOICE_HISTORY_PATH, () => import('./invoice-history-route')),
  lazyRoute(CURRENT_PLANS_PATH, () => import('./current-plans-route')),
  lazyRoute(PENDING_PLANS_PATH, () => import('./pending-plans-route')),
  lazyRoute(PAYMENT_PROCESSING_PATH, () => import('./payment-processing-route')),
  lazyRoute(SELECT_PLANS_PATH, () => import('./select-plans-route')),
  lazyRoute(EDIT_PURCHASED_PLAN_PATH, () => import('./edit-plan-route')),
  lazyRoute(CHANGE_PURCHASED_PLAN_PATH, () => import('./change-plan-route')),
  lazyRoute(PAYMENT_REVIEW_PATH, () => import('./payment-review-route')),
];

/** The purchase a signed-out visitor started (the `billing` flag of PurchasePlanGate) continues at its page after sign-in. */
export const billingSignInFlows = { billing: PURCHASE_PLAN_PATH } as const satisfies SignInFlowPaths;
