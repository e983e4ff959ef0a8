import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { twoFactorKeys } from './two-factor-keys';

export type TwoFactorStatus = Schema<'TwoFactorStatus'>;

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: () => ok(api().GET('/me/two-factor')),
  });
}

/** Whether the signed-in user has two-factor on (getTwoFactorStatus). */
export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
