export { PartnerAppDialog, type PartnerAppDialogProps } from './partner-app-dialog';
