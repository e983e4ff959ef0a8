// The catalogue screens' paths, one constant each: the route list serves them and the screens'
// links and navigations build from them. Kept apart from the screens so the route list imports
// no screen code (screens load lazily).

export const PRODUCTS_PATH = '/products';
/** The spec's second name for the products list. */
export const PRODUCT_PATH = '/product';
export const CREATE_PRODUCT_PATH = '/products/create-product';
export const EDIT_PRODUCT_PATH = '/products/:productuuid';
export const PLANS_PATH = '/plans';
/** The spec's second name for the plans list. */
export const PLAN_PATH = '/plan';
export const CREATE_PLAN_PATH = '/plans/create-plan';
export const EDIT_PLAN_PATH = '/plans/:planuuid';

/** The form that edits one product. */
export const editProductPath = (productId: string) => EDIT_PRODUCT_PATH.replace(':productuuid', encodeURIComponent(productId));

/** The form that edits one plan. */
export const editPlanPath = (planId: string) => EDIT_PLAN_PATH.replace(':planuuid', encodeURIComponent(planId));

/** A path constant as a route of the portal's `/portal` base (routes are relative). */
export const routePath = (path: string) => path.replace(/^\//, '');
