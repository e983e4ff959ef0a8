import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { userKeys } from './keys';

export type GetUsersParams = NonNullable<operations['getUsers']['parameters']['query']>;
export type UserSort = NonNullable<GetUsersParams['sort']>;

/** Fields the server can sort users by (the contract's `sort` enum without the `-` prefix). */
export const USER_SORT_FIELDS = ['email', 'firstName', 'lastName', 'status', 'createdAt'] as const satisfies ReadonlyArray<UserSort>;

/** Narrows a table's `field` / `-field` sort to one the contract accepts; anything else is dropped. */
export function toUserSort(sort: string | undefined): UserSort | undefined {
  if (!sort) return undefined;
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  return (USER_SORT_FIELDS as ReadonlyArray<string>).includes(field) ? (sort as UserSort) : undefined;
}

export function getUsers(params: GetUsersParams, signal?: AbortSignal) {
  return ok(api().GET('/users', { params: { query: params }, signal }));
}

export function getUsersQueryOptions(params: GetUsersParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
  });
}

/** One page of users; keeps showing the previous page while the next one loads, so paging doesn't flash. */
export function useUsers(params: GetUsersParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getUsersQueryOptions(params), placeholderData: keepPreviousData, enabled: options.enabled });
}
