export { MeetingFeedbackDialog, type MeetingFeedbackDialogProps } from './meeting-feedback-dialog';
