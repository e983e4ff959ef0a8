import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('auth');

/**
 * Query keys of the session and its tenant. Tenant branding is kept apart from the user's data
 * so that logout can drop everything the user saw while keeping the tenant's look.
 */
export const authKeys = {
  ...base,
  currentUser: () => [...base.all, 'current-user'] as const,
  permissionTree: () => [...base.all, 'permission-tree'] as const,
  quickPanel: () => [...base.all, 'quick-panel'] as const,
  tenantInfo: () => ['tenant-info'] as const,
  // Public and tenant-wide like the branding: survives logout.
  providerConfigs: () => ['auth-provider-configs'] as const,
};
