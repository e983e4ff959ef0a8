export { TenantDetailScreen, type TenantDetailScreenProps } from './tenant-detail-screen';
