import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type CoHostCandidate = Schema<'MeetingPerson'>;
export type GetMeetingCoHostCandidatesParams = NonNullable<operations['getMeetingCoHostCandidates']['parameters']['query']>;

export function getMeetingCoHostCandidates(params: GetMeetingCoHostCandidatesParams, signal?: AbortSignal) {
  return ok(api().GET('/meetings/co-host-candidates', { params: { query: params }, signal }));
}

export function getMeetingCoHostCandidatesQueryOptions(params: GetMeetingCoHostCandidatesParams) {
  return queryOptions({ queryKey: meetingKeys.coHostCandidates(params), queryFn: ({ signal }) => getMeetingCoHostCandidates(params, signal) });
}

/** People of the tenant who may co-host, by name or email (never the caller), for the Co-hosts picker. */
export function useMeetingCoHostCandidates(params: GetMeetingCoHostCandidatesParams, enabled = true) {
  return useQuery({ ...getMeetingCoHostCandidatesQueryOptions(params), enabled, placeholderData: keepPreviousData, retry: false });
}
