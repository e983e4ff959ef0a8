export { devClientsHandlers } from './handlers.ts';
