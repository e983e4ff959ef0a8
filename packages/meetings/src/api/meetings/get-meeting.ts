import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type Meeting = Schema<'Meeting'>;

export function getMeeting(meetingId: string, signal?: AbortSignal) {
  return ok(api().GET('/meetings/{meetingId}', { params: { path: { meetingId } }, signal }));
}

export function getMeetingQueryOptions(meetingId: string) {
  return queryOptions({ queryKey: meetingKeys.detail(meetingId), queryFn: ({ signal }) => getMeeting(meetingId, signal) });
}

/** One meeting the caller hosts or co-hosts, with its rule and exceptions. */
export function useMeeting(meetingId: string | undefined) {
  return useQuery({ ...getMeetingQueryOptions(meetingId ?? ''), enabled: Boolean(meetingId) });
}
