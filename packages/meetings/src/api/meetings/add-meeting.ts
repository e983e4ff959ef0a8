import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { meetingKeys } from './keys';

export type MeetingCreate = Schema<'MeetingCreate'>;

export function addMeeting({ meeting }: { meeting: MeetingCreate }) {
  return ok(api().POST('/meetings', { body: meeting }));
}

/** Schedules a meeting (once or recurring) or creates an open one; the form shows its failures. */
export function useAddMeeting() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: addMeeting, onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.lists() }) });
}
