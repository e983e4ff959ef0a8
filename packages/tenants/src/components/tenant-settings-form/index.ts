export { TenantSettingsForm, type TenantSettingsFormProps } from './tenant-settings-form';
