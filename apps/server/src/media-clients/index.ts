export { mediaClientsHandlers } from './handlers.ts';
