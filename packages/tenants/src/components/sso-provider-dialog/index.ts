export { SsoProviderDialog, type SsoProviderDialogProps } from './sso-provider-dialog';
export { SSO_KIND_LABELS } from './sso-provider-values';
