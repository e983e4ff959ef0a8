import { createQueryKeys } from '@portal/api-client';

export const tenantKeys = createQueryKeys('tenants');
