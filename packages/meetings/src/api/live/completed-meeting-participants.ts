import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { liveKeys } from './keys';

export type CompletedParticipant = Schema<'CompletedParticipant'>;

export function completedMeetingParticipants(sessionId: string, signal?: AbortSignal) {
  return ok(api().GET('/completed-meetings/{sessionId}/participants', { params: { path: { sessionId } }, signal }));
}

export function completedMeetingParticipantsQueryOptions(sessionId: string) {
  return queryOptions({ queryKey: liveKeys.completedParticipants(sessionId), queryFn: ({ signal }) => completedMeetingParticipants(sessionId, signal) });
}

/** Everybody who took part in an ended meeting, with their telemetry summary. */
export function useCompletedMeetingParticipants(sessionId: string | null) {
  return useQuery({ ...completedMeetingParticipantsQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
