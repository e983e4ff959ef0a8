export { PurchasePlanScreen } from './purchase-plan-screen';
