/** Paths of the tenant's billing screens, as links and navigations use them (relative to /portal). */
/** The plan purchase (public; a signed-out visitor signs in first, and sign-in continues here). */
export const PURCHASE_PLAN_PATH = '/purchase-plan';
export const INVOICE_HISTORY_PATH = 'billing/invoice';
export const CURRENT_PLANS_PATH = 'billing/plan';
export const PENDING_PLANS_PATH = 'billing/pending';
export const PAYMENT_PROCESSING_PATH = 'payment-processing';
export const SELECT_PLANS_PATH = 'select-plans';
/** Edit purchased plan (its licences; a pending plan's bundles too) and Change purchased plan: `?subscription=<id>`. */
export const EDIT_PURCHASED_PLAN_PATH = 'edit-plan';
export const CHANGE_PURCHASED_PLAN_PATH = 'change-plan';
/** The purchase's review before Proceed to pay; the purchase itself is in the query (utils/purchase-query). */
export const PAYMENT_REVIEW_PATH = 'payment-review';
/** The query parameter of edit-plan and change-plan naming the subscription. */
export const SUBSCRIPTION_QUERY = 'subscription';
