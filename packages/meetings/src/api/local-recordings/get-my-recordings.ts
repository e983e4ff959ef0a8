import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { localRecordingKeys } from './keys';

export type LocalRecording = Schema<'LocalRecording'>;
export type GetMyRecordingsParams = NonNullable<operations['getMyRecordings']['parameters']['query']>;

export function getMyRecordings(params: GetMyRecordingsParams, signal?: AbortSignal) {
  return ok(api().GET('/me/recordings', { params: { query: params }, signal }));
}

export function getMyRecordingsQueryOptions(params: GetMyRecordingsParams) {
  return queryOptions({ queryKey: localRecordingKeys.mine(params), queryFn: ({ signal }) => getMyRecordings(params, signal) });
}

/** One page of the recordings the signed-in user uploaded, newest first. */
export function useMyRecordings(params: GetMyRecordingsParams, enabled = true) {
  return useQuery({ ...getMyRecordingsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
