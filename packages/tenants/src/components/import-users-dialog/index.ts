export { ImportUsersDialog, type ImportUsersDialogProps } from './import-users-dialog';
export { IMPORT_TEMPLATE_FILE_NAME } from '../../utils/import-template';
