export { TenantTransactionsSection, type TenantTransactionsSectionProps } from './tenant-transactions-section';
