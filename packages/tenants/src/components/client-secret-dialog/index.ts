export { ClientSecretDialog, type ClientSecretDialogProps } from './client-secret-dialog';
