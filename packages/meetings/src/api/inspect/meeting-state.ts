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

/** How often a running meeting's state is read again while the screen shows it. */
export const MEETING_STATE_REFRESH_MS = 5000;

/** What the media server holds for the meeting now, read again every few seconds while it runs; nothing is asked until a meeting id is submitted. */
export function useMeetingState(meetingCode: string | null, params: MeetingStateParams) {
  return useQuery({
    ...meetingStateQueryOptions(meetingCode ?? '', params),
    enabled: meetingCode !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (query.state.data?.running ? MEETING_STATE_REFRESH_MS : false),
  });
}
