export { ClientFormDialog } from './client-form-dialog';
export type { ClientFormDialogProps } from './client-form-dialog';
