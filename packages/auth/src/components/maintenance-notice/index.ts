export { isMaintenanceError, MaintenanceNotice, type MaintenanceNoticeProps } from './maintenance-notice';
