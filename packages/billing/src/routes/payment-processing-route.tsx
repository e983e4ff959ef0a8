import { PaymentProcessingScreen } from '../components/payment-processing-screen';

/** Lazy route module of `/portal/payment-processing`. */
export default function PaymentProcessingRoute() {
  return <PaymentProcessingScreen />;
}
