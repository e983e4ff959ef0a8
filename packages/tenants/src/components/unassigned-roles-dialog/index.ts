export { UnassignedRolesDialog, type UnassignedRolesDialogProps } from './unassigned-roles-dialog';
