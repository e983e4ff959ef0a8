import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from '../users/keys';
import { roleKeys } from './keys';

/** Roles feed the users' role pickers and lists too: refresh both. */
export const invalidateRoles = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]);
