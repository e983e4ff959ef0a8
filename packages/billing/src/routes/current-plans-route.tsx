import { SubscriptionsScreen } from '../components/subscriptions-screen';

/** Lazy route module of `/portal/billing/plan` (Current plans). */
export default function CurrentPlansRoute() {
  return <SubscriptionsScreen state="current" />;
}
