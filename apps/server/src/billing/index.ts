export { billingHandlers } from './handlers.ts';
