export { PURCHASE_QUERY, PurchasePlanGate } from './components/purchase-plan-gate';
export { billingRoutes, billingTenantSections, type BillingTenantSection } from './routes';
