export { appsHandlers } from './handlers.ts';
export { isPluginEnabled } from './plugins.ts';
