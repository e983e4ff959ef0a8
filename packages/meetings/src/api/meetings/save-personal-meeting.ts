import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { meetingKeys } from './keys';

export type PersonalMeetingSave = Schema<'PersonalMeetingSave'>;

export function savePersonalMeeting({ meeting }: { meeting: PersonalMeetingSave }) {
  return ok(api().PUT('/me/personal-meeting', { body: meeting }));
}

/** Creates or changes the caller's personal meeting (Create, Save). */
export function useSavePersonalMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: savePersonalMeeting,
    onSuccess: (meeting) => queryClient.setQueryData(meetingKeys.personal(), meeting),
  });
}
