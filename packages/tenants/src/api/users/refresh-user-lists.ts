import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';

/**
 * After a write, every users list is fetched again. A list whose first fetch is still on its way (a
 * search typed just before the write) would otherwise keep that answer, read before the write:
 * TanStack Query joins an invalidation to the running fetch of a query that has no data of its own
 * yet (seen in e2e: a deleted user stayed in the searched list). Cancelling first makes the refetch a
 * new request.
 */
export async function refreshUserLists(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: userKeys.lists() });
  await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
}
