export { DeleteUserDialog, type DeleteUserDialogProps } from './delete-user-dialog';
