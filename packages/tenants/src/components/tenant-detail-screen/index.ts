export { TenantDetailScreen, type TenantDetailExtraSection, type TenantDetailScreenProps, type TenantDetailSection } from './tenant-detail-screen';
