/** Paths of the tenant's billing screens, as links and navigations use them (relative to /portal). */
export const INVOICE_HISTORY_PATH = 'billing/invoice';
export const CURRENT_PLANS_PATH = 'billing/plan';
export const PENDING_PLANS_PATH = 'billing/pending';
export const PAYMENT_PROCESSING_PATH = 'payment-processing';
export const SELECT_PLANS_PATH = 'select-plans';
