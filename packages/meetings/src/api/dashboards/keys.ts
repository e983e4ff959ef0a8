import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('dashboards');

/** Dashboards: the tenant's and the platform's figures, each by its filter. */
export const dashboardKeys = {
  ...base,
  tenant: <P extends object>(filter: P) => [...base.all, 'tenant', filter] as const,
  platform: <P extends object>(filter: P) => [...base.all, 'platform', filter] as const,
};
