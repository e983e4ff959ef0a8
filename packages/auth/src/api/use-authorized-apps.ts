import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { profileKeys } from './profile-keys';

export type AuthorizedApp = Schema<'AuthorizedApp'>;

/** The developer clients the person authorised through the portal's authorization server (getAuthorizedApps). */
export function useAuthorizedApps() {
  return useQuery({ queryKey: profileKeys.authorizedApps(), queryFn: async () => (await ok(api().GET('/me/authorized-apps'))).items });
}
