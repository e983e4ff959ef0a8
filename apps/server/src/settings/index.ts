export { settingsHandlers } from './handlers.ts';
