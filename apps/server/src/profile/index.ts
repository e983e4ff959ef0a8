export { profileHandlers } from './handlers.ts';
