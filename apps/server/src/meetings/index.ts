export { meetingsHandlers } from './handlers.ts';
