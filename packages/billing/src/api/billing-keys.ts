import { createQueryKeys } from '@portal/api-client';

/** The billing records' queries: one tenant's subscriptions and transactions sit under `detail(tenantId)`. */
export const billingKeys = createQueryKeys('billing');
