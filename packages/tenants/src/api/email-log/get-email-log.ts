import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, createQueryKeys, ok, type operations } from '@portal/api-client';

export type GetEmailLogParams = NonNullable<operations['getEmailLog']['parameters']['query']>;
export type EmailLogStatus = NonNullable<GetEmailLogParams['status']>;
export type EmailLogPage = operations['getEmailLog']['responses'][200]['content']['application/json'];
export type EmailLogEntry = EmailLogPage['items'][number];

export const emailLogKeys = createQueryKeys('email-log');

export function getEmailLog(params: GetEmailLogParams, signal?: AbortSignal) {
  return ok(api().GET('/email-log', { params: { query: params }, signal }));
}

export function getEmailLogQueryOptions(params: GetEmailLogParams) {
  return queryOptions({ queryKey: emailLogKeys.list(params), queryFn: ({ signal }) => getEmailLog(params, signal) });
}

/** One page of the tenant's email log, newest first; the previous page stays while the next loads. */
export function useEmailLog(params: GetEmailLogParams) {
  return useQuery({ ...getEmailLogQueryOptions(params), placeholderData: keepPreviousData });
}
