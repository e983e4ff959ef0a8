import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type FeedbackSubmission = Schema<'FeedbackSubmission'>;
export type VideoIssue = Schema<'VideoIssue'>;
export type AudioIssue = Schema<'AudioIssue'>;

/** A participant's rating of the meeting they were in, proven by their join grant's feedback ticket. */
export function submitMeetingFeedback({ meetingCode, feedback }: { meetingCode: string; feedback: FeedbackSubmission }) {
  return ok(api().POST('/join/{meetingCode}/feedback', { params: { path: { meetingCode } }, body: feedback }));
}

export function useSubmitMeetingFeedback() {
  // The dialog says itself what went wrong (and that the meeting was rated already).
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: submitMeetingFeedback });
}
