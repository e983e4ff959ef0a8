export { TenantSsoSection, type TenantSsoSectionProps } from './tenant-sso-section';
