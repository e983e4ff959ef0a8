import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('webhooks');

/** Query keys of the tenant's webhook endpoints and their delivery logs; a change invalidates `all`. */
export const webhookKeys = {
  ...base,
  deliveries: <P extends object>(endpointId: string, params: P) => [...base.all, 'deliveries', endpointId, params] as const,
};
