export { providerHandlers, callbackPath } from './handlers.ts';
export { createSsoProvider, updateSsoProvider, listSsoProviders } from './settings.ts';
export type { SettingsScope, SsoProvider, SsoProviderCreate } from './settings.ts';
