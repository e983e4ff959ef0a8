export { DeleteMeetingDialog, type DeleteMeetingDialogProps } from './delete-meeting-dialog';
export { EditScopeDialog, type EditScopeDialogProps } from './edit-scope-dialog';
export { InviteMeetingDialog, type InviteMeetingDialogProps } from './invite-meeting-dialog';
export { startMeeting, useMeetingRowActions } from './meeting-row-actions';
export { occurrenceRowId, usePastColumns, useUpcomingColumns } from './meeting-columns';
export { OccurrenceScopeField, type OccurrenceScope } from './occurrence-scope';
export { ActionableMeetingList, type ActionableMeetingListProps } from './actionable-meeting-list';
