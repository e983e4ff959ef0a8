export { TenantClientsSection, type TenantClientsSectionProps } from './tenant-clients-section';
