import { createQueryKeys } from '@portal/api-client';

// Every roles query hangs under `['roles']`: a role change invalidates them all at once.
const base = createQueryKeys('roles');

export const roleKeys = {
  ...base,
  unassigned: () => [...base.all, 'unassigned'] as const,
  permissionTree: () => [...base.all, 'permission-tree'] as const,
};
