export { NeosoundRecordingAction, type NeosoundRecordingActionProps } from './neosound-recording-action';
