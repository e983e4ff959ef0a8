export { PURCHASE_QUERY, PurchasePlanGate } from './components/purchase-plan-gate';
export { billingRoutes } from './routes';
