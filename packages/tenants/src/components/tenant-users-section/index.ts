export { TenantUsersSection, type TenantUsersSectionProps } from './tenant-users-section';
