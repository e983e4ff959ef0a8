import { createQueryKeys } from '@portal/api-client';

// Every roles query hangs under `['roles']`: a role change invalidates them all at once.
const base = createQueryKeys('roles');

export const roleKeys = {
  ...base,
  unassigned: () => [...base.all, 'unassigned'] as const,
  permissionTree: () => [...base.all, 'permission-tree'] as const,
};

// Under the roles keys, not the tenant's: a role saved or deleted on the Roles screen invalidates
// every roles query, this one included.
export const tenantRolesKey = (tenantId: string) => [...roleKeys.all, 'tenant', tenantId] as const;
