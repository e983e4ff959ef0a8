import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('local-recordings');

/** Local (uploaded) recordings: the member's own under `mine`, every tenant's under `all`; a finished upload invalidates both. */
export const localRecordingKeys = {
  ...base,
  mine: <P extends object>(params: P) => [...base.all, 'mine', params] as const,
  everyTenant: <P extends object>(params: P) => [...base.all, 'every-tenant', params] as const,
};
