import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { meetingKeys } from './keys';

export type UserCompletedMeetingsParams = NonNullable<operations['userCompletedMeetings']['parameters']['query']>;

export function userCompletedMeetings(params: UserCompletedMeetingsParams, signal?: AbortSignal) {
  return ok(api().GET('/meetings/past', { params: { query: params }, signal }));
}

export function userCompletedMeetingsQueryOptions(params: UserCompletedMeetingsParams) {
  return queryOptions({ queryKey: meetingKeys.past(params), queryFn: ({ signal }) => userCompletedMeetings(params, signal) });
}

/** One page of the caller's ended occurrences in a date range, newest first. */
export function usePastMeetings(params: UserCompletedMeetingsParams, enabled = true) {
  return useQuery({ ...userCompletedMeetingsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
