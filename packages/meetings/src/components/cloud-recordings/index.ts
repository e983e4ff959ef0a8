export { CloudRecordingsScreen } from './cloud-recordings-screen';
export type { CloudRecordingsScreenProps } from './cloud-recordings-screen';
export { RecordingSizeCell, useRecordingColumns } from './recording-columns';
export { RecordingRowActions, RecordingToolbarActions } from './recording-row-actions';
