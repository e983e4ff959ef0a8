import { RequireAuth } from '@portal/auth';
import { PaymentReviewScreen } from '../components/payment-review-screen';

/** Lazy route module of `/portal/payment-review?plan=…` (the purchase's review): any signed-in user, as purchase-plan; sign-in comes back here. */
export default function PaymentReviewRoute() {
  return (
    <RequireAuth treeUrl={null}>
      <PaymentReviewScreen />
    </RequireAuth>
  );
}
