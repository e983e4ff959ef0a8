export { OAuthConsent, type OAuthConsentProps } from './oauth-consent';
