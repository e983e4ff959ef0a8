export { TENANT_FEATURES, TenantSettingsForm, type TenantSettingsFormProps } from './tenant-settings-form';
