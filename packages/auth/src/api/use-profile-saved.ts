// Every change of the profile refreshes the current user too, so the user menu (display name,
// picture) and the portal's language and formats follow at once.
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-keys';
import { profileKeys } from './profile-keys';
import type { Profile } from './use-profile';

/** After a change the server answered with the new profile: show it and reload the current user. */
export function useProfileSaved() {
  const queryClient = useQueryClient();
  return async (profile: Profile | undefined) => {
    if (profile) queryClient.setQueryData(profileKeys.profile(), profile);
    else await queryClient.invalidateQueries({ queryKey: profileKeys.profile() });
    await queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
  };
}
