export { UpgradePendingDialog, type UpgradePendingDialogProps } from './upgrade-pending-dialog';
