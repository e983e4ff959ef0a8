import { useSearchParams } from 'react-router';
import { AppAuthorizationGate, oauthInteractionOf } from '../components/app-authorization-gate';
import { OAuthConsent } from '../components/oauth-consent';

/**
 * Lazy route module of `/portal/slack-authorization`: sign-in first, then the consent screen of
 * the portal's authorization server when it sent the browser here (`interaction`).
 */
export default function SlackAuthorizationRoute() {
  const [query] = useSearchParams();
  const interaction = oauthInteractionOf(query);
  return <AppAuthorizationGate app="slack">{interaction ? <OAuthConsent interactionId={interaction} /> : undefined}</AppAuthorizationGate>;
}
