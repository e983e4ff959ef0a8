export { CopyBlock, type CopyBlockProps } from './copy-block';
export { CopyField, type CopyFieldProps } from './copy-field';
export { COPIED_FEEDBACK_MS } from './use-copy';
