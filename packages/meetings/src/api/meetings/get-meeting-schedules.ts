import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type GetMeetingSchedulesParams = NonNullable<operations['getMeetingSchedules']['parameters']['query']>;
export type MeetingOccurrence = Schema<'MeetingOccurrence'>;

export function getMeetingSchedules(params: GetMeetingSchedulesParams, signal?: AbortSignal) {
  return ok(api().GET('/meeting-schedules', { params: { query: params }, signal }));
}

export function getMeetingSchedulesQueryOptions(params: GetMeetingSchedulesParams) {
  return queryOptions({ queryKey: meetingKeys.upcoming(params), queryFn: ({ signal }) => getMeetingSchedules(params, signal) });
}

/** One page of the caller's upcoming occurrences, expanded on the server, in start order. */
export function useMeetingSchedules(params: GetMeetingSchedulesParams) {
  return useQuery({ ...getMeetingSchedulesQueryOptions(params), placeholderData: keepPreviousData });
}
