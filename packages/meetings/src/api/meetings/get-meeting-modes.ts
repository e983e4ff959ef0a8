import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type MeetingModeChoice = Schema<'MeetingMode'>;

export function getMeetingModes(signal?: AbortSignal) {
  return ok(api().GET('/meeting-modes', { signal }));
}

export function getMeetingModesQueryOptions() {
  return queryOptions({ queryKey: meetingKeys.modes(), queryFn: ({ signal }) => getMeetingModes(signal), staleTime: 60_000 });
}

/** The saved meeting modes (names and options), for the Schedule screen's Meeting mode select. */
export function useMeetingModes(enabled = true) {
  return useQuery({ ...getMeetingModesQueryOptions(), enabled, retry: false });
}
