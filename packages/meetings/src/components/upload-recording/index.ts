export { UploadRecordingDialog } from './upload-recording-dialog';
export type { UploadRecordingDialogProps } from './upload-recording-dialog';
