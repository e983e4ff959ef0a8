import { createQueryKeys } from '@portal/api-client';

/** Current and pending plans: the caller's tenant's subscriptions. */
export const subscriptionKeys = createQueryKeys('subscriptions');
