export { type PlatformClientRules } from './clients.ts';
export { clientOfToken, revokeClientGrants } from './authorized-apps.ts';
export { googleAddonClientId, slackConsentClientId } from './clients.ts';
export { oauthHandlers } from './handlers.ts';
export { redeemOwnCode, type CodeRedemption } from './interactions.ts';
export { registerAuthorizationServer } from './mount.ts';
export { oauthPrefix } from './provider.ts';
export { intersect, permissionsOfScope } from './scopes.ts';
