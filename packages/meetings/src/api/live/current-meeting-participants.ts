import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { liveKeys } from './keys';

export type LiveParticipant = Schema<'LiveParticipant'>;

export function currentMeetingParticipants(sessionId: string, signal?: AbortSignal) {
  return ok(api().GET('/live-meetings/{sessionId}/participants', { params: { path: { sessionId } }, signal }));
}

export function currentMeetingParticipantsQueryOptions(sessionId: string) {
  return queryOptions({ queryKey: liveKeys.currentParticipants(sessionId), queryFn: ({ signal }) => currentMeetingParticipants(sessionId, signal) });
}

/** The people in a running meeting now; polls like the meetings list when there is no event stream. */
export function useCurrentMeetingParticipants(sessionId: string | null, options: { pollMs?: number | false } = {}) {
  return useQuery({ ...currentMeetingParticipantsQueryOptions(sessionId ?? ''), enabled: sessionId !== null, refetchInterval: options.pollMs ?? false });
}
