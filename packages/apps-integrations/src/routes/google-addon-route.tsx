import { AppAuthorizationGate } from '../components/app-authorization-gate';

/** Lazy route module of `/portal/google-addon`. */
export default function GoogleAddonRoute() {
  return <AppAuthorizationGate app="googleAddOn" />;
}
