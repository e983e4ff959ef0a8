// A developer client (dev_clients) as oidc-provider's client metadata. The secret is kept only as
// its Argon2id hash, so the provider's secret comparison is replaced (src/oauth/provider.ts) by a
// verification against that hash; the hash itself is never used as a key (no client_secret_jwt).
import type { AdapterPayload } from 'oidc-provider';
import type { devClients } from '../db/schema.ts';

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
