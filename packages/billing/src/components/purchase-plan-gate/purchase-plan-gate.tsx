import { SignInFirstGate, useSessionStore } from '@portal/auth';
import { PurchasePlanScreen } from '../purchase-plan-screen';

/** Query parameters of a purchase link: the chosen plan and, for a change, the subscription. */
export const PURCHASE_QUERY = { plan: 'plan', subscription: 'subscription' } as const;

// A parameter the link lacks leaves an earlier choice in place, since the plans page may have stored it.
function keepPurchase(query: URLSearchParams) {
  const session = useSessionStore.getState();
  const plan = query.get(PURCHASE_QUERY.plan);
  const subscription = query.get(PURCHASE_QUERY.subscription);
  if (plan) session.setSelectedPlan(plan);
  if (subscription) session.setSubscriptionUuid(subscription);
}

/** Entry of the plan purchase: a signed-out visitor's choice is kept and sign-in comes first, then the purchase. */
export function PurchasePlanGate() {
  return (
    <SignInFirstGate flag="billing" keepRequest={keepPurchase}>
      <PurchasePlanScreen />
    </SignInFirstGate>
  );
}
