import { createQueryKeys } from '@portal/api-client';

export const tenantKeys = createQueryKeys('tenants');

/** What a new tenant gets (the create dialog's prefill). */
export const tenantDefaultsKey = () => [...tenantKeys.all, 'defaults'] as const;

// A tenant's parts hang under its detail, so removing the tenant removes them too.
export const tenantBrandKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'brand'] as const;
export const tenantThemeKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'theme'] as const;
export const tenantSmtpKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'smtp'] as const;
export const tenantClientsKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'clients'] as const;
