export { SubscriptionsScreen, type SubscriptionsScreenProps } from './subscriptions-screen';
