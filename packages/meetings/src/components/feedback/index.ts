export { FeedbackScreen, type FeedbackScreenProps } from './feedback-screen';
export { FeedbackIssuesDialog, FeedbackParticipantDialog, type FeedbackDialogProps } from './feedback-details-dialog';
export { AUDIO_ISSUES, VIDEO_ISSUES, audioIssueLabels, videoIssueLabels } from './issue-labels';
