import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { profileKeys } from './profile-keys';

export type ActiveSession = Schema<'ActiveSession'>;

/** The person's signed-in sessions (getSessions). */
export function useSessions() {
  return useQuery({ queryKey: profileKeys.sessions(), queryFn: async () => (await ok(api().GET('/me/sessions'))).items });
}
