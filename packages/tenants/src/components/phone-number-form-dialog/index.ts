export { PhoneNumberFormDialog, type PhoneNumberFormDialogProps } from './phone-number-form-dialog';
