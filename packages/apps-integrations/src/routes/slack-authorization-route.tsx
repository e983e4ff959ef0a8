import { AppAuthorizationGate } from '../components/app-authorization-gate';

/** Lazy route module of `/portal/slack-authorization`. */
export default function SlackAuthorizationRoute() {
  return <AppAuthorizationGate app="slack" />;
}
