export { ProviderButtons, ProviderSignInError } from './provider-buttons';
export type { ProviderButtonsProps } from './provider-buttons';
export { providerErrorMessage } from './provider-messages';
