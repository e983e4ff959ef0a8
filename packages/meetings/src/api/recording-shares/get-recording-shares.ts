import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { recordingShareKeys } from './keys';

export type RecordingShare = Schema<'RecordingShare'>;

/** A recording's share links, newest first (active, expired and revoked). */
export function getRecordingShares(recordingId: string, signal?: AbortSignal) {
  return ok(api().GET('/recordings/{recordingId}/shares', { params: { path: { recordingId } }, signal }));
}

export function getRecordingSharesQueryOptions(recordingId: string) {
  return queryOptions({ queryKey: recordingShareKeys.ofRecording(recordingId), queryFn: ({ signal }) => getRecordingShares(recordingId, signal) });
}

export function useRecordingShares(recordingId: string, enabled = true) {
  return useQuery({ ...getRecordingSharesQueryOptions(recordingId), enabled });
}
