export { appsHandlers } from './handlers.ts';
export { googleAddonConsentRules } from './google-addon-consent.ts';
