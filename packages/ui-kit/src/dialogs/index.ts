export { Dialog, type DialogProps } from './dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { COPIED_FEEDBACK_MS, CopyBlock, CopyField, type CopyBlockProps, type CopyFieldProps } from './copy-field';
export { FormDialog, type FormDialogProps } from './form-dialog';
