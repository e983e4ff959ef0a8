export { DownloadRecordingDialog, type DownloadRecordingDialogProps } from './download-recording-dialog';
export { ShareRecordingDialog, type RecordingRef, type ShareRecordingDialogProps } from './share-recording-dialog';
export { DownloadRecordingAction, ShareRecordingAction } from './recording-access-actions';
