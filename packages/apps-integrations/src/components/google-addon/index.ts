export { GoogleAddonScreen, addonAuthorizationUrl, resumeUrlOf, GOOGLE_ADDON_CLIENT_ID, type GoogleAddonRequest, type GoogleAddonScreenProps } from './google-addon-screen';
