import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, hasProblemCode, ok, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type PersonalMeeting = Schema<'PersonalMeeting'>;

/** The caller's personal meeting, or null before one is created (the server's 404 `not_found`). */
export async function getPersonalMeeting(signal?: AbortSignal): Promise<PersonalMeeting | null> {
  try {
    return await ok(api().GET('/me/personal-meeting', { signal }));
  } catch (error) {
    if (hasProblemCode(error, ['not_found'])) return null;
    throw error;
  }
}

export function getPersonalMeetingQueryOptions() {
  return queryOptions({ queryKey: meetingKeys.personal(), queryFn: ({ signal }) => getPersonalMeeting(signal) });
}

export function usePersonalMeeting(enabled = true) {
  return useQuery({ ...getPersonalMeetingQueryOptions(), enabled });
}
