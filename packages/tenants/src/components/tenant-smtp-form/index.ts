export { TenantSmtpForm, type TenantSmtpFormProps } from './tenant-smtp-form';
