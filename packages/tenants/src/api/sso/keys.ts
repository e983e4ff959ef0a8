/** Every tenant's sign-in providers hang under `['tenant-sso']`; a change invalidates them all. */
export const tenantSsoKey = ['tenant-sso'] as const;
