export { systemHandlers } from './handlers.ts';
export { closedWhileMigrating, createLifecycle, drainAndClose, markServing, type Lifecycle, type Phase } from './lifecycle.ts';
