import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { liveKeys } from './keys';

export type CompletedMeeting = Schema<'CompletedMeeting'>;
export type CompletedMeetingsParams = NonNullable<operations['completedMeetings']['parameters']['query']>;

export function completedMeetings(params: CompletedMeetingsParams, signal?: AbortSignal) {
  return ok(api().GET('/completed-meetings', { params: { query: params }, signal }));
}

export function completedMeetingsQueryOptions(params: CompletedMeetingsParams) {
  return queryOptions({ queryKey: liveKeys.completedMeetings(params), queryFn: ({ signal }) => completedMeetings(params, signal) });
}

/** One page of the meetings that ended in a period, newest first. */
export function useCompletedMeetings(params: CompletedMeetingsParams, enabled = true) {
  return useQuery({ ...completedMeetingsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
