export { JoinMeetingDialog, type JoinMeetingDialogProps } from './join-meeting-dialog';
