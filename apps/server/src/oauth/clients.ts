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
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../kernel/audit/record.ts';
import type { devClients } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';

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

/**
 * What the portal's own clients add to the authorization server. Their rules belong to their
 * domains (Slack links, the Apps screen's plugins), which build on this one: the roof hands them in
 * (app/platform-client-rules.ts), so the authorization server never imports them.
 */
export type PlatformClientRules = {
  slack: {
    /** The Slack user and workspace an Authorize links, read from the request's sealed `state`; null when it is not a valid link. */
    linkOf(app: FastifyInstance, state: unknown): ({ tenantId: string } & Schemas['OAuthSlackLink']) | null;
    /** When the person first linked a Slack user (the Slack app is listed among their authorised apps), or null. */
    linkedSince(tx: Database, tenantId: string, userId: string): Promise<Date | null>;
    /** Revoking the Slack app unlinks the person's Slack users; answers how many went. */
    unlink(tx: Database, audit: AuditActor, tenantId: string, userId: string): Promise<number>;
  };
  googleAddon: {
    /** Only the people of the Apps screen may switch the Gmail add-on on. */
    mayAuthorize(permissions: ReadonlySet<string>): boolean;
    /** An Authorize switches the person's Gmail add-on on. */
    authorized(tx: Database, tenantId: string, userId: string): Promise<void>;
  };
};
