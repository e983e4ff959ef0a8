export { didsHandlers } from './handlers.ts';
