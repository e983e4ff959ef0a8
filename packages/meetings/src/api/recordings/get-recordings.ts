import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { recordingKeys } from './keys';

export type Recording = Schema<'Recording'>;
export type GetRecordingsParams = NonNullable<operations['getRecordings']['parameters']['query']>;

export function getRecordings(params: GetRecordingsParams, signal?: AbortSignal) {
  return ok(api().GET('/recordings', { params: { query: params }, signal }));
}

export function getRecordingsQueryOptions(params: GetRecordingsParams) {
  return queryOptions({ queryKey: recordingKeys.cloudList(params), queryFn: ({ signal }) => getRecordings(params, signal) });
}

/**
 * One page of the cloud recordings started in a period, newest first. While one of the page's
 * recordings is still being converted, the page asks again every 5 seconds so it turns ready.
 */
export function useRecordings(params: GetRecordingsParams, enabled = true) {
  return useQuery({
    ...getRecordingsQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((recording) => recording.status === 'processing') ? 5_000 : false),
  });
}
