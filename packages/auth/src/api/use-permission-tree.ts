import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { authKeys } from './auth-keys';
import { useCurrentUser } from './use-current-user';

export type PermissionTree = Schema<'PermissionTree'>;
export type NavNode = Schema<'NavNode'>;

/** Spec section 4: on start the permissions load after 200 ms, with 'Loading' shown meanwhile. */
export const PERMISSIONS_LOAD_DELAY_MS = 200;

export function permissionTreeQueryOptions() {
  return queryOptions({
    queryKey: authKeys.permissionTree(),
    queryFn: () => ok(api().GET('/me/permissions')),
    staleTime: 5 * 60_000,
  });
}

// The delay applies once per page load, at start; later screens use the tree at once.
let startupDelayOver = false;

function useStartupDelay(ms: number): boolean {
  const [over, setOver] = useState(startupDelayOver);
  useEffect(() => {
    if (over) return;
    const timer = setTimeout(() => {
      startupDelayOver = true;
      setOver(true);
    }, ms);
    return () => clearTimeout(timer);
  }, [over, ms]);
  return over;
}

/**
 * The signed-in user's navigation tree (getUserPermissions). Idle while nobody is signed in; a
 * tree already fetched (e.g. by the login flow) is served at once.
 */
export function usePermissionTree() {
  const { data: user } = useCurrentUser();
  const delayOver = useStartupDelay(PERMISSIONS_LOAD_DELAY_MS);
  return useQuery({ ...permissionTreeQueryOptions(), enabled: Boolean(user) && delayOver });
}
