export { IMPORT_TEMPLATE_FILE_NAME, ImportUsersDialog, type ImportUsersDialogProps } from './import-users-dialog';
