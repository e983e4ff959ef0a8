import { useCurrentUser } from '@portal/auth';

/** The platform super administrator: the superadmin role, signed in at the system realm. */
export function useIsPlatformAdmin(): boolean {
  const { data: user } = useCurrentUser();
  return user?.role === 'superadmin' && user.tenant.sname === 'system';
}
