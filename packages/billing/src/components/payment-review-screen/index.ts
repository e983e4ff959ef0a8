export { PaymentReviewScreen } from './payment-review-screen';
