export { TenantRolesSection, type TenantRolesSectionProps } from './tenant-roles-section';
