import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type ParticipantClientReport = Schema<'ParticipantClientReport'>;

/**
 * Tells the server which client this participant uses (network type, device labels; the server reads
 * the rest from the user agent), authenticated by the join grant's token and opaque id.
 */
export function reportParticipantClient({ meetingCode, report }: { meetingCode: string; report: ParticipantClientReport }): Promise<void> {
  return ok(api().POST('/join/{meetingCode}/client', { params: { path: { meetingCode } }, body: report })).then(() => undefined);
}

/** Nothing to show when it fails: the meeting goes on, the administrators' screens just know less. */
export function useReportParticipantClient() {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: reportParticipantClient });
}
