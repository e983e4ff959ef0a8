import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { profileKeys } from './profile-keys';

export type Profile = Schema<'Profile'>;

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.profile(), queryFn: () => ok(api().GET('/me/profile')) });
}

/** The signed-in person's own profile (getProfile). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
