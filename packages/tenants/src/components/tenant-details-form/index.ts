export { TenantDetailsForm, type TenantDetailsFormProps } from './tenant-details-form';
