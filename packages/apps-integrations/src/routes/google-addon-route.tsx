import { useSearchParams } from 'react-router';
import { useSessionStore } from '@portal/auth';
import { AppAuthorizationGate } from '../components/app-authorization-gate';
import { GoogleAddonScreen } from '../components/google-addon';

/**
 * Lazy route module of `/portal/google-addon`: a signed-out visitor has `state` kept and the flag
 * set and signs in first (AppAuthorizationGate); then the add-on is authorised with that state.
 */
export default function GoogleAddonRoute() {
  const [query] = useSearchParams();
  const kept = useSessionStore((session) => session.googleAddOnRequest?.state ?? null);
  return (
    <AppAuthorizationGate app="googleAddOn">
      <GoogleAddonScreen state={query.get('state') ?? kept} />
    </AppAuthorizationGate>
  );
}
