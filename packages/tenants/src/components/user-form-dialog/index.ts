export { UserFormDialog, type PasswordMode, type UserFormDialogProps, type UserFormValues } from './user-form-dialog';
