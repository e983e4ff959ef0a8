import { useSearchParams } from 'react-router';
import { useSessionStore } from '@portal/auth';
import { AppAuthorizationGate, keptAddonChallenge } from '../components/app-authorization-gate';
import { GoogleAddonScreen, resumeUrlOf, type GoogleAddonRequest } from '../components/google-addon';

function resultOf(value: string | null): 'authorized' | 'declined' | null {
  return value === 'authorized' || value === 'declined' ? value : null;
}

/**
 * Lazy route module of `/portal/google-addon`: a signed-out visitor has `state` kept and the flag
 * set and signs in first (AppAuthorizationGate, which also keeps the add-on's PKCE challenge); then
 * the add-on's request goes to the portal's authorization server and its consent screen, which
 * sends the browser back here with `result` and the `continue` address that resumes to the add-on.
 */
export default function GoogleAddonRoute() {
  const [query] = useSearchParams();
  const keptState = useSessionStore((session) => session.googleAddOnRequest?.state ?? null);
  const state = query.get('state') ?? keptState;
  const kept = keptAddonChallenge();
  const codeChallenge = query.get('code_challenge') ?? kept?.codeChallenge ?? null;
  const request: GoogleAddonRequest | null = state && codeChallenge ? { state, codeChallenge, scope: query.get('scope') ?? kept?.scope ?? null } : null;
  return (
    <AppAuthorizationGate app="googleAddOn">
      <GoogleAddonScreen request={request} result={resultOf(query.get('result'))} resumeUrl={resumeUrlOf(query.get('continue'))} />
    </AppAuthorizationGate>
  );
}
