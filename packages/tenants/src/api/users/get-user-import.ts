import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { userKeys } from './keys';
import type { UserImport } from './start-user-import';

/** How often a running import is asked again: often enough for its counts to move smoothly. */
export const USER_IMPORT_POLL_MS = 400;

export type UserImportRef = { importId: string; tenantId?: string };

export const isImportFinished = (status: UserImport['status']) => status === 'done' || status === 'refused' || status === 'failed';

export function userImportQueryOptions({ importId, tenantId }: UserImportRef) {
  return queryOptions({
    queryKey: [...userKeys.all, 'import', tenantId ?? 'own', importId] as const,
    queryFn: () =>
      tenantId
        ? ok(api().GET('/tenants/{tenantId}/users/import-jobs/{importId}', { params: { path: { tenantId, importId } } }))
        : ok(api().GET('/users/import-jobs/{importId}', { params: { path: { importId } } })),
  });
}

/** An import's progress (rows read, created, refused), asked again until it finished; nothing while `ref` is null. */
export function useUserImport(ref: UserImportRef | null) {
  return useQuery({
    ...userImportQueryOptions(ref ?? { importId: '' }),
    enabled: ref !== null,
    refetchInterval: (query) => (query.state.data && isImportFinished(query.state.data.status) ? false : USER_IMPORT_POLL_MS),
  });
}
