export { ADDON_CHALLENGE_KEY, AppAuthorizationGate, keptAddonChallenge, OAUTH_INTERACTION_KEY, oauthInteractionOf } from './app-authorization-gate';
export type { AppAuthorizationGateProps, AuthorizingApp } from './app-authorization-gate';
