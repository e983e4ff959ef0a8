import { SubscriptionsScreen } from '../components/subscriptions-screen';

/** Lazy route module of `/portal/billing/pending` (Pending plans). */
export default function PendingPlansRoute() {
  return <SubscriptionsScreen state="pending" />;
}
