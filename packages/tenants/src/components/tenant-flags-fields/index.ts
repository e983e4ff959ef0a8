export { maxUsersRule, TENANT_FEATURES, TenantFlagsFields } from './tenant-flags-fields';
export type { TenantFlags, TenantFlagsFieldsProps } from './tenant-flags-fields';
