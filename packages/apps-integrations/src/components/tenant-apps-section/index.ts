export { TenantAppsSection, type TenantAppsSectionProps } from './tenant-apps-section';
