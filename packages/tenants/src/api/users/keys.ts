import { createQueryKeys } from '@portal/api-client';

// Every users query hangs under `['users']`, so a mutation can invalidate exactly the lists
// (`userKeys.lists()`) without refetching the roles a form has already loaded.
const base = createQueryKeys('users');

export const userKeys = {
  ...base,
  assignableRoles: () => [...base.all, 'assignable-roles'] as const,
};
