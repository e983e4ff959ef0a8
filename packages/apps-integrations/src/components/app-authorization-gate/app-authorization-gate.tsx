import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, MissingRoutePage, useCurrentUser, useSessionStore } from '@portal/auth';
import { commonMessages } from '@portal/i18n';
import { ErrorState, PageLoader } from '@portal/ui-kit';

/** The apps whose authorization request can arrive before the visitor has signed in. */
export type AuthorizingApp = 'slack' | 'googleAddOn';

export type AppAuthorizationGateProps = {
  app: AuthorizingApp;
};

// The query parameters spec section 2 names for each app; nothing else is kept.
const keepRequest: Record<AuthorizingApp, (query: URLSearchParams) => void> = {
  slack: (query) =>
    useSessionStore.getState().setSlackRequest({
      state: query.get('state'),
      client_id: query.get('client_id'),
      response_type: query.get('response_type'),
    }),
  googleAddOn: (query) => useSessionStore.getState().setGoogleAddOnRequest({ state: query.get('state') }),
};

/**
 * Entry of an app's authorization request (Slack consent, Google add-on). A signed-out visitor's
 * request is kept in the session with the app's flag, and sign-in follows; the login page comes
 * back here afterwards. Signed in, the consent screens do not exist yet, so the missing page
 * shows and the flag is cleared: otherwise every later sign-in in this tab would return here.
 */
export function AppAuthorizationGate({ app }: AppAuthorizationGateProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const user = useCurrentUser();
  const signedIn = user.data === undefined ? undefined : user.data !== null;

  useEffect(() => {
    if (signedIn === undefined) return;
    const session = useSessionStore.getState();
    if (signedIn) {
      session.setFlag(app, false);
      return;
    }
    keepRequest[app](query);
    session.setFlag(app, true);
    void navigate(LOGIN_PATH, { replace: true });
  }, [signedIn, app, query, navigate]);

  if (signedIn === undefined && user.isError) {
    return <ErrorState message={i18n._(commonMessages.failedTryAgain)} actionLabel={<Trans>Try again</Trans>} onAction={() => void user.refetch()} />;
  }
  if (!signedIn) return <PageLoader />;
  return <MissingRoutePage />;
}
