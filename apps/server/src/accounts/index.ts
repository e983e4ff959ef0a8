export { accountsHandlers } from './handlers.ts';
export { recipientOverLimit } from './signup-throttle.ts';
