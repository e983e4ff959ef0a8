import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { recordingShareKeys } from './keys';

export type SharedRecording = Schema<'SharedRecording'>;

/** What the public player shows of a share link (no session needed, at the tenant's host). */
export function getSharedRecording(token: string, signal?: AbortSignal) {
  return ok(api().GET('/shared-recordings/{token}', { params: { path: { token } }, signal }));
}

export function getSharedRecordingQueryOptions(token: string) {
  // An expired, revoked or unknown link does not come back by asking again.
  return queryOptions({ queryKey: recordingShareKeys.shared(token), queryFn: ({ signal }) => getSharedRecording(token, signal), retry: false });
}

export function useSharedRecording(token: string) {
  return useQuery(getSharedRecordingQueryOptions(token));
}
