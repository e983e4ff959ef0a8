export { TenantBrandingSection, type TenantBrandingSectionProps } from './tenant-branding-section';
