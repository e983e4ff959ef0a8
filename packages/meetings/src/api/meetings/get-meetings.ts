import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { meetingKeys } from './keys';

export type GetMeetingsParams = NonNullable<operations['getMeetings']['parameters']['query']>;

export function getMeetings(params: GetMeetingsParams, signal?: AbortSignal) {
  return ok(api().GET('/meetings', { params: { query: params }, signal }));
}

export function getMeetingsQueryOptions(params: GetMeetingsParams) {
  return queryOptions({ queryKey: meetingKeys.open(params), queryFn: ({ signal }) => getMeetings(params, signal) });
}

/** One page of the caller's open meetings that have not ended. */
export function useOpenMeetings(params: GetMeetingsParams) {
  return useQuery({ ...getMeetingsQueryOptions(params), placeholderData: keepPreviousData });
}
