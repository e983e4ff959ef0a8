export { settingsHandlers } from './handlers.ts';
export { findSettings } from './queries.ts';
export { closedByMaintenance, maintenanceMode, maintenanceProblem, savedSystemSettings, tenantClosedForMaintenance, type SavedSystemSettings } from './system.ts';
