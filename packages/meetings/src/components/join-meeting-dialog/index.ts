export { JoinMeetingDialog, joinPath, type JoinMeetingDialogProps } from './join-meeting-dialog';
