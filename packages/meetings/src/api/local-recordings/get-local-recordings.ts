import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { localRecordingKeys } from './keys';

export type GetLocalRecordingsParams = NonNullable<operations['getLocalRecordings']['parameters']['query']>;

export function getLocalRecordings(params: GetLocalRecordingsParams, signal?: AbortSignal) {
  return ok(api().GET('/local-recordings', { params: { query: params }, signal }));
}

export function getLocalRecordingsQueryOptions(params: GetLocalRecordingsParams) {
  return queryOptions({ queryKey: localRecordingKeys.everyTenant(params), queryFn: ({ signal }) => getLocalRecordings(params, signal) });
}

/** One page of every tenant's uploaded recordings (the platform super administrator). */
export function useLocalRecordings(params: GetLocalRecordingsParams, enabled = true) {
  return useQuery({ ...getLocalRecordingsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
