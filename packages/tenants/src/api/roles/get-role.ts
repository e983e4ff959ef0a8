import { skipToken, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { roleKeys } from './keys';

export function getRole(roleId: string, signal?: AbortSignal) {
  return ok(api().GET('/roles/{roleId}', { params: { path: { roleId } }, signal }));
}

/** One role (the edit screen); disabled while there is no id. */
export function useRole(roleId: string | undefined) {
  return useQuery({ queryKey: roleKeys.detail(roleId ?? ''), queryFn: roleId ? ({ signal }) => getRole(roleId, signal) : skipToken });
}
