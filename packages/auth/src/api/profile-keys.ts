import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('profile');

/** Query keys of the profile screen: the person's profile, their sessions and the apps they authorised. */
export const profileKeys = {
  ...base,
  profile: () => [...base.all, 'me'] as const,
  sessions: () => [...base.all, 'sessions'] as const,
  authorizedApps: () => [...base.all, 'authorized-apps'] as const,
};
