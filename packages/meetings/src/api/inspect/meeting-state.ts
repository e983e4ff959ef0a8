import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { inspectKeys } from './keys';

export type MeetingState = Schema<'MeetingState'>;
export type StreamRow = Schema<'StreamRow'>;
export type MeetingStateParams = NonNullable<operations['meetingState']['parameters']['query']>;

export function meetingState(meetingCode: string, params: MeetingStateParams, signal?: AbortSignal): Promise<MeetingState> {
  return ok(api().GET('/meeting-state/{meetingCode}', { params: { path: { meetingCode }, query: params }, signal }));
}

export function meetingStateQueryOptions(meetingCode: string, params: MeetingStateParams) {
  return queryOptions({ queryKey: inspectKeys.state(meetingCode, params), queryFn: ({ signal }) => meetingState(meetingCode, params, signal) });
}

/** What the media server holds for the meeting now; nothing is asked until a meeting id is submitted. */
export function useMeetingState(meetingCode: string | null, params: MeetingStateParams) {
  return useQuery({ ...meetingStateQueryOptions(meetingCode ?? '', params), enabled: meetingCode !== null, placeholderData: keepPreviousData, retry: false });
}
