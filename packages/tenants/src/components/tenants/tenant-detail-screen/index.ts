export { TenantDetailScreen, type TenantDetailScreenProps, type TenantDetailSection } from './tenant-detail-screen';
