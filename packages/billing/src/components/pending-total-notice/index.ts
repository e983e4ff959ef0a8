export { PendingTotalNotice, type PendingTotalNoticeProps } from './pending-total-notice';
