export { accountsHandlers } from './handlers.ts';
