// The profile screen's calls. Every change refreshes the current user too, so the user menu
// (display name, picture) and the portal's language and formats follow at once.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, createQueryKeys, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { authKeys } from '../../api/auth-keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type Profile = Schema<'Profile'>;
export type ProfileUpdate = Schema<'ProfileUpdate'>;
export type ActiveSession = Schema<'ActiveSession'>;

const base = createQueryKeys('profile');

export const profileKeys = {
  ...base,
  profile: () => [...base.all, 'me'] as const,
  sessions: () => [...base.all, 'sessions'] as const,
};

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.profile(), queryFn: () => ok(api().GET('/me/profile')) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function useSessions() {
  return useQuery({ queryKey: profileKeys.sessions(), queryFn: async () => (await ok(api().GET('/me/sessions'))).items });
}

/** After a change the server answered with the new profile: show it and reload the current user. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return async (profile: Profile | undefined) => {
    if (profile) queryClient.setQueryData(profileKeys.profile(), profile);
    else await queryClient.invalidateQueries({ queryKey: profileKeys.profile() });
    await queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (changes: ProfileUpdate) => ok(api().PATCH('/me/profile', { body: changes })),
    onSuccess: saved,
  });
}

export function useChangeEmail() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (body: { newEmail: string; currentPassword: string }) => ok(api().POST('/me/profile/email', { body })),
    onSuccess: saved,
  });
}

export function useConfirmEmail() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ token }: { token: string }) => ok(api().POST('/me/profile/email/confirm', { body: { token } })),
    onSuccess: saved,
  });
}

export function useChangeProfilePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (body: { currentPassword: string; newPassword: string }) => ok(api().PUT('/me/profile/password', { body })),
    // The server ended every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export function useUploadPicture() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ image }: { image: Blob }) =>
      ok(
        api().PUT('/me/profile/picture', {
          // The body is the image's bytes, not JSON.
          body: image as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'Content-Type': image.type === 'image/png' ? 'image/png' : 'image/jpeg' },
        }),
      ),
    onSuccess: saved,
  });
}

export function useDeletePicture() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: () => ok(api().DELETE('/me/profile/picture')),
    onSuccess: () => saved(undefined),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ sessionId }: { sessionId: string }) => ok(api().DELETE('/me/sessions/{sessionId}', { params: { path: { sessionId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export type AuthorizedApp = Schema<'AuthorizedApp'>;

const authorizedAppsKey = () => [...base.all, 'authorized-apps'] as const;

/** The developer clients the person authorised through the portal's authorization server (getAuthorizedApps). */
export function useAuthorizedApps() {
  return useQuery({ queryKey: authorizedAppsKey(), queryFn: async () => (await ok(api().GET('/me/authorized-apps'))).items });
}

/** Revokes an app's access (revokeAuthorizedApp): its tokens stop working at once. */
export function useRevokeAuthorizedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ clientId }: { clientId: string }) => ok(api().DELETE('/me/authorized-apps/{clientId}', { params: { path: { clientId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedAppsKey() }),
  });
}
