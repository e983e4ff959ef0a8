export { PURCHASE_QUERY, PurchasePlanGate } from './purchase-plan-gate';
