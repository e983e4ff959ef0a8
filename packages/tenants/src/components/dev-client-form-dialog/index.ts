export { DevClientFormDialog, type DevClientFormDialogProps } from './dev-client-form-dialog';
