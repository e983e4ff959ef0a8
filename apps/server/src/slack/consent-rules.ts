// The Slack app's part in the authorization server's consent (oauth `PlatformClientRules`): an
// Authorize links the Slack user named by the slash command's sealed link, the person's authorised
// apps list Slack while a link stands, and revoking Slack unlinks them.
import type { PlatformClientRules } from '../oauth/index.ts';
import { slackLinkedSince, unlinkSlackUsers } from './service.ts';
import { readLink } from './tokens.ts';

export const slackConsentRules: PlatformClientRules['slack'] = {
  linkOf(app, state) {
    const link = typeof state === 'string' ? readLink(app.secrets, state, app.jobs.now()) : null;
    return link && { tenantId: link.tenantId, teamId: link.teamId, teamDomain: link.teamDomain, userId: link.slackUserId, userName: link.slackUserName };
  },
  linkedSince: slackLinkedSince,
  unlink: unlinkSlackUsers,
};
