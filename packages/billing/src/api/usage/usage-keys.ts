import { createQueryKeys } from '@portal/api-client';

/** The tenant's usage against its plan's limits. */
export const planUsageKeys = createQueryKeys('plan-usage');
