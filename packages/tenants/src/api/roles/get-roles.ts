import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { roleKeys } from './keys';

export type GetRolesParams = NonNullable<operations['getRoles']['parameters']['query']>;
export type Role = Schema<'Role'>;

export function getRoles(params: GetRolesParams, signal?: AbortSignal) {
  return ok(api().GET('/roles', { params: { query: params }, signal }));
}

export function getRolesQueryOptions(params: GetRolesParams) {
  return queryOptions({ queryKey: roleKeys.list(params), queryFn: ({ signal }) => getRoles(params, signal) });
}

/** One page of the tenant's roles, by name. */
export function useRoles(params: GetRolesParams) {
  return useQuery({ ...getRolesQueryOptions(params), placeholderData: keepPreviousData });
}
