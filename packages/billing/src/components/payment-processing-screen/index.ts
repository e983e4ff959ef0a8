export { PaymentProcessingScreen, PROCESSING_QUERY } from './payment-processing-screen';
