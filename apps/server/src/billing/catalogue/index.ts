export { catalogueHandlers } from './handlers.ts';
export { BILLING_CYCLES, CURRENCIES, LIMIT_KINDS } from './constants.ts';
