import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { inspectKeys } from './keys';

export type MeetingLog = Schema<'MeetingLog'>;
export type MeetingLogEvent = Schema<'MeetingLogEvent'>;
export type MeetingLogParams = NonNullable<operations['getMeetingLog']['parameters']['query']>;

export function getMeetingLog(meetingCode: string, params: MeetingLogParams, signal?: AbortSignal): Promise<MeetingLog> {
  return ok(api().GET('/meeting-log/{meetingCode}', { params: { path: { meetingCode }, query: params }, signal }));
}

export function meetingLogQueryOptions(meetingCode: string, params: MeetingLogParams) {
  return queryOptions({ queryKey: inspectKeys.log(meetingCode, params), queryFn: ({ signal }) => getMeetingLog(meetingCode, params, signal) });
}

/** One page of a run of the meeting, oldest event first; nothing is asked until a meeting id is submitted. */
export function useMeetingLog(meetingCode: string | null, params: MeetingLogParams) {
  return useQuery({ ...meetingLogQueryOptions(meetingCode ?? '', params), enabled: meetingCode !== null, placeholderData: keepPreviousData, retry: false });
}
