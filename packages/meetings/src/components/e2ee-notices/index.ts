export { EncryptedBadge, EncryptionProblem } from './e2ee-notices';
export type { EncryptionProblemProps } from './e2ee-notices';
export { EncryptedLinkDialog } from './encrypted-link-dialog';
export type { EncryptedLinkDialogProps } from './encrypted-link-dialog';
