import { RequireAuth, type SignInFlowPaths } from '@portal/auth';
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
  lazyRoute(PURCHASE_PLAN_PATH, () => import('../components/purchase-plan-gate'), (module) => module.PurchasePlanGate),
  ...[PRODUCTS_PATH, PRODUCT_PATH].map((path) => lazyRoute(routePath(path), () => import('../components/products-screen'), (module) => module.ProductsScreen)),
  lazyRoute(routePath(CREATE_PRODUCT_PATH), () => import('./product-form-route')),
  lazyRoute(routePath(EDIT_PRODUCT_PATH), () => import('./product-form-route')),
  ...[PLANS_PATH, PLAN_PATH].map((path) => lazyRoute(routePath(path), () => import('../components/plans-screen'), (module) => module.PlansScreen)),
  lazyRoute(routePath(CREATE_PLAN_PATH), () => import('./plan-form-route')),
  lazyRoute(routePath(EDIT_PLAN_PATH), () => import('./plan-form-route')),
  lazyRoute(INVOICE_HISTORY_PATH, () => import('../components/invoice-history-screen'), (module) => module.InvoiceHistoryScreen),
  ...(
    [
      [CURRENT_PLANS_PATH, 'current'],
      [PENDING_PLANS_PATH, 'pending'],
    ] as const
  ).map(([path, state]) =>
    lazyRoute(
      path,
      () => import('../components/subscriptions-screen'),
      ({ SubscriptionsScreen }) =>
        () => <SubscriptionsScreen state={state} />,
    ),
  ),
  lazyRoute(PAYMENT_PROCESSING_PATH, () => import('../components/payment-processing-screen'), (module) => module.PaymentProcessingScreen),
  lazyRoute(SELECT_PLANS_PATH, () => import('../components/select-plans-screen'), (module) => module.SelectPlansScreen),
  // Edit purchased plan (of a current or a pending plan) and Change purchased plan: the spec lists
  // them among the routes without a permission check, but they change the tenant's plan: sign-in
  // (coming back here) and the access of Current plans come first.
  ...(
    [
      [EDIT_PURCHASED_PLAN_PATH, 'edit'],
      [CHANGE_PURCHASED_PLAN_PATH, 'change'],
    ] as const
  ).map(([path, mode]) =>
    lazyRoute(
      path,
      () => import('../components/plan-change-screen'),
      ({ PlanChangeScreen }) =>
        () => (
          <RequireAuth treeUrl={CURRENT_PLANS_PATH} roleGroup="accountadmin">
            <PlanChangeScreen mode={mode} />
          </RequireAuth>
        ),
    ),
  ),
  // The purchase's review: any signed-in user, as purchase-plan; sign-in comes back here.
  lazyRoute(
    PAYMENT_REVIEW_PATH,
    () => import('../components/payment-review-screen'),
    ({ PaymentReviewScreen }) =>
      () => (
        <RequireAuth treeUrl={null}>
          <PaymentReviewScreen />
        </RequireAuth>
      ),
  ),
];

/** The purchase a signed-out visitor started (the `billing` flag of PurchasePlanGate) continues at its page after sign-in. */
export const billingSignInFlows = { billing: PURCHASE_PLAN_PATH } as const satisfies SignInFlowPaths;
