export { TenantCreateDialog, type TenantCreateDialogProps } from './tenant-create-dialog';
