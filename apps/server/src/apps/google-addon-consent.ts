// The Gmail add-on's part in the authorization server's consent (oauth `PlatformClientRules`): it
// is one of the Apps screen's plugins, so only the people of that screen may authorise it, and an
// Authorize switches their add-on on (the Apps screen switches it off, revoking the grant).
import type { PlatformClientRules } from '../oauth/index.ts';
import { holdsAppsPermission, setUserPlugin } from '../plugins/index.ts';

export const googleAddonConsentRules: PlatformClientRules['googleAddon'] = {
  mayAuthorize: holdsAppsPermission,
  authorized: (tx, tenantId, userId) => setUserPlugin(tx, tenantId, userId, 'gmail-addon', true),
};
