// The clients of the authorization server. A developer client (dev_clients) as oidc-provider's client
// metadata: its secret is kept only as its Argon2id hash, so the provider's secret comparison is
// replaced (src/oauth/provider.ts) by a verification against that hash; the hash itself is never
// used as a key (no client_secret_jwt).
// Beside them, two platform-owned public clients (PKCE S256, no secret), the same in every tenant:
// - the Google add-on (`google-addon`, when GOOGLE_ADDON_CALLBACK_URL is set): its redirect URI is
//   that callback (the add-on's usercallback at Google), where it redeems the code with its verifier
//   and then proves the person with the token (addonUser);
// - the Slack app (`slack`, when the platform has a Slack app): an unlinked Slack user's slash command
//   link goes through sign-in and this client's consent, back to the portal's slack-authentication
//   page, where the code (redeemed by the portal itself, src/slack/service.ts) proves who consented.
import type { AdapterPayload } from 'oidc-provider';
import type { devClients } from '../kernel/db/schema.ts';

export function toClientMetadata(row: typeof devClients.$inferSelect): AdapterPayload {
  return {
    client_id: row.clientId,
    client_secret: row.secretHash,
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    application_type: 'web',
  };
}

/** The Google add-on's client id (dev client ids are generated and never take this form). */
export const googleAddonClientId = 'google-addon';
/** The Slack app's client id at the portal's authorization server. */
export const slackConsentClientId = 'slack';

/** Where the Slack client's consent comes back to: the slack-authentication page, marked as this flow. */
export const slackConsentRedirect = (origin: string) => `${origin}/portal/slack-authentication?consent=slack`;

/** The platform clients the provider of `origin` knows, by client id (none unless configured). */
export function platformClients(origin: string, config: { googleAddonCallbackUrl: string | null; slack: boolean }): Map<string, AdapterPayload> {
  const clients = new Map<string, AdapterPayload>();
  if (config.googleAddonCallbackUrl) {
    clients.set(googleAddonClientId, {
      client_id: googleAddonClientId,
      client_name: 'Google add-on',
      redirect_uris: [config.googleAddonCallbackUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
    });
  }
  if (config.slack) {
    clients.set(slackConsentClientId, {
      client_id: slackConsentClientId,
      client_name: 'Slack',
      redirect_uris: [slackConsentRedirect(origin)],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
    });
  }
  return clients;
}
