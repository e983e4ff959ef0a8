import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Translated titles of this feature's menu items, by nav item id. The menu tree itself comes
 * from the server (getUserPermissions); the portal's `getTitle` looks its items up here.
 */
export const tenantsNavTitles: Readonly<Record<string, MessageDescriptor>> = {
  user: msg`Users`,
  tenant: msg`Tenants`,
};
