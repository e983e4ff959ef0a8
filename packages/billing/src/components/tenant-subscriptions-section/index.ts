export { TenantSubscriptionsSection, type TenantSubscriptionsSectionProps } from './tenant-subscriptions-section';
