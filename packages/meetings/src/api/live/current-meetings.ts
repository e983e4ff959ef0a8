import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { liveKeys } from './keys';

export type LiveMeeting = Schema<'LiveMeeting'>;
export type CurrentMeetingsParams = NonNullable<operations['currentMeetings']['parameters']['query']>;

export function currentMeetings(params: CurrentMeetingsParams, signal?: AbortSignal) {
  return ok(api().GET('/live-meetings', { params: { query: params }, signal }));
}

export function currentMeetingsQueryOptions(params: CurrentMeetingsParams) {
  return queryOptions({ queryKey: liveKeys.currentMeetings(params), queryFn: ({ signal }) => currentMeetings(params, signal) });
}

/**
 * One page of the meetings running now. Rows stay while a pushed change refetches them; without
 * the event stream (`pollMs`) the list polls.
 */
export function useCurrentMeetings(params: CurrentMeetingsParams, options: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useQuery({ ...currentMeetingsQueryOptions(params), enabled: options.enabled ?? true, placeholderData: keepPreviousData, refetchInterval: options.pollMs ?? false });
}
