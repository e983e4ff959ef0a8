import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, MissingRoutePage, useCurrentUser, useSessionStore } from '@portal/auth';
import { commonMessages } from '@portal/i18n';
import { ErrorState, PageLoader } from '@portal/ui-kit';

/** Query parameters of a purchase link: the chosen plan and, for a change, the subscription. */
export const PURCHASE_QUERY = { plan: 'plan', subscription: 'subscription' } as const;

/**
 * Entry of the plan purchase. A signed-out visitor's chosen plan and subscription uuids are kept
 * in the session with the billing flag, and sign-in follows; the login page comes back here
 * afterwards. A parameter the link lacks leaves an earlier choice in place, since the plans page
 * may have stored it. Signed in, the purchase screen does not exist yet, so the missing page
 * shows and the flag is cleared: otherwise every later sign-in in this tab would return here.
 */
export function PurchasePlanGate() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const user = useCurrentUser();
  const signedIn = user.data === undefined ? undefined : user.data !== null;

  useEffect(() => {
    if (signedIn === undefined) return;
    const session = useSessionStore.getState();
    if (signedIn) {
      session.setFlag('billing', false);
      return;
    }
    const plan = query.get(PURCHASE_QUERY.plan);
    const subscription = query.get(PURCHASE_QUERY.subscription);
    if (plan) session.setSelectedPlan(plan);
    if (subscription) session.setSubscriptionUuid(subscription);
    session.setFlag('billing', true);
    void navigate(LOGIN_PATH, { replace: true });
  }, [signedIn, query, navigate]);

  if (signedIn === undefined && user.isError) {
    return <ErrorState message={i18n._(commonMessages.failedTryAgain)} actionLabel={<Trans>Try again</Trans>} onAction={() => void user.refetch()} />;
  }
  if (!signedIn) return <PageLoader />;
  return <MissingRoutePage />;
}
