// The portal as an OAuth 2.1 / OpenID Connect authorization server for its developer clients, with
// panva's certified oidc-provider. One provider per tenant and host: its issuer is
// `<origin>/oidc` (discovery at /oidc/.well-known/openid-configuration, JWKS at /oidc/jwks), its
// storage the tenant's `oauth_records` (adapter.ts), its signing key generated once per tenant and
// kept sealed with the server's secret box. Authorization code with PKCE S256 only (oidc-provider
// supports no other method), exact redirect-URI match (the provider's own rule), single-use codes
// and rotated refresh tokens (consume is atomic in the adapter), 10-minute access tokens.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyPassword } from '../kernel/crypto/passwords.ts';
import { registerSignInAttempt, signInHeld, signInSucceeded } from '../kernel/throttle/password-guesses.ts';
import { oauthRecords, users } from '../kernel/db/schema.ts';
import { createOAuthAdapter } from './adapter.ts';
import { platformClients, slackConsentClientId } from './clients.ts';
import { apiScopes, oidcScopes } from './scopes.ts';

export const oauthPrefix = '/oidc';
export const accessTokenSeconds = 600;
const refreshTokenSeconds = 14 * 24 * 3600;

/** The resource indicator of the portal's API: access tokens are issued for it. */
export const apiResource = (origin: string) => `${origin}/api/v1`;

/** Where the provider sends the browser for sign-in and consent: the portal's consent screen. */
export const consentPath = (uid: string) => `/portal/slack-authorization?interaction=${encodeURIComponent(uid)}`;

type SigningKey = Record<string, unknown>;

async function signingKey(app: FastifyInstance, tenantId: string): Promise<SigningKey> {
  const read = async () => {
    const [row] = await app.database.withTenant(tenantId, (tx) =>
      tx
        .select({ payload: oauthRecords.payload })
        .from(oauthRecords)
        .where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, 'SigningKey'), eq(oauthRecords.id, 'current')))
        .limit(1),
    );
    return row ? (JSON.parse(app.secrets.open(String(row.payload.sealed))) as SigningKey) : null;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  // Two replicas may generate at once: the first insert wins and both use what is stored.
  await app.database.withTenant(tenantId, (tx) =>
    tx
      .insert(oauthRecords)
      .values({ tenantId, model: 'SigningKey', id: 'current', payload: { sealed: app.secrets.seal(JSON.stringify(jwk)) } })
      .onConflictDoNothing(),
  );
  return (await read()) ?? jwk;
}

async function createProvider(app: FastifyInstance, tenantId: string, origin: string): Promise<Provider> {
  const key = await signingKey(app, tenantId);
  const resource = apiResource(origin);
  const configuration: Configuration = {
    adapter: createOAuthAdapter(app.database, tenantId, platformClients(origin, { googleAddonCallbackUrl: app.config.apps.googleAddonCallbackUrl, slack: app.config.slack !== null })),
    jwks: { keys: [key] },
    cookies: { keys: [app.secrets.sign('oauth-cookies', tenantId)] },
    scopes: [...oidcScopes],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
    // `none`: the platform's public clients (Google add-on, Slack), bound by PKCE; developer clients keep their secret.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    responseTypes: ['code'],
    ttl: {
      AccessToken: accessTokenSeconds,
      AuthorizationCode: 60,
      RefreshToken: refreshTokenSeconds,
      Grant: refreshTokenSeconds,
      Interaction: 3600,
      Session: 3600,
      IdToken: 3600,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        // `profile` is also an API scope: the token may read its user's profile (user.profile.get).
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: [...Object.keys(apiScopes), 'profile'].join(' '), audience: resource, accessTokenFormat: 'opaque', accessTokenTTL: accessTokenSeconds };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => consentPath(interaction.uid) },
    // The Slack client's consent names the Slack user it links (each request's own sealed link), so
    // it is never skipped: only the grant its own consent just made counts, never one kept in the
    // session from an earlier consent. Every other client keeps the provider's default.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? (ctx.oidc.client?.clientId === slackConsentClientId ? undefined : ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? ''));
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    async findAccount(_ctx, id) {
      const [user] = await app.database.withTenant(tenantId, (tx) =>
        tx
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, status: users.status })
          .from(users)
          .where(eq(users.id, id))
          .limit(1),
      );
      if (!user || user.status !== 'enabled') return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          name: `${user.firstName} ${user.lastName}`.trim(),
          given_name: user.firstName,
          family_name: user.lastName,
        }),
      };
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = out;
    },
  };
  const provider = new Provider(`${origin}${oauthPrefix}`, configuration);
  provider.proxy = app.config.trustProxy !== false;
  // Developer client secrets are kept as Argon2id hashes (dev-clients/service.ts): compare against the
  // hash, counted like sign-in's passwords (kernel/throttle): a client's secret from one address
  // locks that address out of that client for the window, and across addresses each further
  // wrong secret waits longer, so the owner's server still gets its tokens while strangers guess.
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(this: { clientId: string; clientSecret?: string }, actual: string) {
    const ctx = Provider.ctx;
    const subject = clientSecretKey(this.clientId);
    const address = ctx?.ip ?? null;
    const verdict = await app.database.withTenant(tenantId, (tx) => signInHeld(tx, tenantId, subject, address));
    if (!verdict.allowed) {
      ctx?.set('retry-after', String(verdict.retryAfterSeconds));
      throw new TooManyAttempts();
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const matches = await verifyPassword(this.clientSecret ?? null, actual);
    // Only a wrong secret counts: the client's own parallel requests are never refused for each other.
    await app.database.withTenant(tenantId, async (tx) => {
      if (matches) await signInSucceeded(tx, tenantId, subject, address);
      else await registerSignInAttempt(tx, tenantId, subject, address);
    });
    return matches;
  };
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'authorization server error'));
  return provider;
}

/** The attempt counters' key of a client's secret (a space: never an account's email). */
const clientSecretKey = (clientId: string) => `oauth-client ${clientId}`;

/** RFC 6749 has no error for it: 429 with the sign-in's code, and the window's end in Retry-After. */
class TooManyAttempts extends errors.OIDCProviderError {
  constructor() {
    super(429, 'too_many_attempts');
    this.error_description = 'too many wrong client secrets; try again later';
  }
}

const providers = new WeakMap<FastifyInstance, Map<string, Promise<Provider>>>();

/** The provider of `tenantId` at `origin` (one per host the tenant is reached at), created on first use. */
export function providerFor(app: FastifyInstance, tenantId: string, origin: string): Promise<Provider> {
  let byKey = providers.get(app);
  if (!byKey) {
    byKey = new Map();
    providers.set(app, byKey);
  }
  const cacheKey = `${tenantId} ${origin}`;
  let provider = byKey.get(cacheKey);
  if (!provider) {
    provider = createProvider(app, tenantId, origin);
    provider.catch(() => byKey.delete(cacheKey));
    byKey.set(cacheKey, provider);
  }
  return provider;
}
