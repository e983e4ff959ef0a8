import { useCurrentUser } from '../api/use-current-user';

/** The signed-in user's primary role (used for role-group gating), undefined when signed out. */
export function useRole(): string | undefined {
  const { data: user } = useCurrentUser();
  return user?.role;
}
