import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type JoinInfo = Schema<'JoinInfo'>;

/** What the join page shows before joining (public: anyone with the link, at the tenant's host). */
export function getJoinInfo(meetingCode: string, signal?: AbortSignal): Promise<JoinInfo> {
  return ok(api().GET('/join/{meetingCode}', { params: { path: { meetingCode } }, signal }));
}

export function getJoinInfoQueryOptions(meetingCode: string) {
  return queryOptions({ queryKey: meetingKeys.join(meetingCode), queryFn: ({ signal }) => getJoinInfo(meetingCode, signal), retry: false });
}

export function useJoinInfo(meetingCode: string) {
  return useQuery(getJoinInfoQueryOptions(meetingCode));
}
