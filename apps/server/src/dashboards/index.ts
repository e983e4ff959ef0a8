export { dashboardsHandlers } from './handlers.ts';
