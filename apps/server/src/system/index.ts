export { systemHandlers } from './handlers.ts';
