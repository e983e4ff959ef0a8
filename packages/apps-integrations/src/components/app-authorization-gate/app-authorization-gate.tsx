import { SignInFirstGate, useSessionStore } from '@portal/auth';

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

/** Entry of an app's authorization request (Slack consent, Google add-on): sign-in comes first. */
export function AppAuthorizationGate({ app }: AppAuthorizationGateProps) {
  return <SignInFirstGate flag={app} keepRequest={keepRequest[app]} />;
}
