import type { ReactNode } from 'react';
import { SignInFirstGate, useSessionStore } from '@portal/auth';

/** The apps whose authorization request can arrive before the visitor has signed in. */
export type AuthorizingApp = 'slack' | 'googleAddOn';

export type AppAuthorizationGateProps = {
  app: AuthorizingApp;
  /** The app's screen once signed in (the missing page without one). */
  children?: ReactNode;
};

/**
 * Session storage key of the portal authorization server's interaction (the consent screen's
 * `interaction` parameter), kept beside the spec's Slack parameters so sign-in comes back to it.
 */
export const OAUTH_INTERACTION_KEY = 'oauthInteraction';

/** The interaction the consent screen answers: the visit's own, else the one kept before sign-in. */
export function oauthInteractionOf(query: URLSearchParams): string | null {
  return query.get('interaction') ?? window.sessionStorage.getItem(OAUTH_INTERACTION_KEY);
}

/**
 * Session storage key of the Google add-on's PKCE challenge (and scope), kept beside the spec's
 * `state` so the add-on's authorization request can go on after sign-in.
 */
export const ADDON_CHALLENGE_KEY = 'googleAddonChallenge';

/** The add-on's challenge kept before sign-in, or null. */
export function keptAddonChallenge(): { codeChallenge: string; scope: string | null } | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(ADDON_CHALLENGE_KEY) ?? 'null') as { codeChallenge?: unknown; scope?: unknown } | null;
    return kept && typeof kept.codeChallenge === 'string' ? { codeChallenge: kept.codeChallenge, scope: typeof kept.scope === 'string' ? kept.scope : null } : null;
  } catch {
    return null;
  }
}

// The query parameters spec section 2 names for each app (and the add-on's PKCE challenge); nothing else is kept.
const keepRequest: Record<AuthorizingApp, (query: URLSearchParams) => void> = {
  slack: (query) => {
    const interaction = query.get('interaction');
    if (interaction) window.sessionStorage.setItem(OAUTH_INTERACTION_KEY, interaction);
    else window.sessionStorage.removeItem(OAUTH_INTERACTION_KEY);
    useSessionStore.getState().setSlackRequest({
      state: query.get('state'),
      client_id: query.get('client_id'),
      response_type: query.get('response_type'),
    });
  },
  googleAddOn: (query) => {
    const codeChallenge = query.get('code_challenge');
    if (codeChallenge) window.sessionStorage.setItem(ADDON_CHALLENGE_KEY, JSON.stringify({ codeChallenge, scope: query.get('scope') }));
    else window.sessionStorage.removeItem(ADDON_CHALLENGE_KEY);
    useSessionStore.getState().setGoogleAddOnRequest({ state: query.get('state') });
  },
};

/** Entry of an app's authorization request (Slack consent, Google add-on): sign-in comes first. */
export function AppAuthorizationGate({ app, children }: AppAuthorizationGateProps) {
  return (
    <SignInFirstGate flag={app} keepRequest={keepRequest[app]}>
      {children}
    </SignInFirstGate>
  );
}
