export { NOTIFICATION_AUTO_CLOSE_MS, NotificationsHost, type NotificationsHostProps } from './notifications-host';
export { notify, type NotifyVariant } from './notify';
