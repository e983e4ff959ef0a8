// The OpenID Connect relying party, on openid-client: discovery from the provider's issuer,
// authorization code with PKCE (S256), state and nonce, ID token validation, then the UserInfo
// claims. Discovery answers are kept briefly per provider so a burst of sign-ins costs one fetch.
import * as oidc from 'openid-client';
import { isLoopbackHost } from './issuer.ts';

export type ProviderSettings = {
  id: string;
  issuer: string;
  clientId: string;
  /** Opened (not sealed); null for a public client, which relies on PKCE alone. */
  clientSecret: string | null;
  scopes: string;
};

/** Claims of the signed-in provider account: the ID token's, completed by UserInfo. */
export type ProviderClaims = Record<string, unknown> & { sub: string };

/** Something went wrong talking to the provider or its answer did not validate. */
export class ProviderError extends Error {
  readonly reason: 'unreachable' | 'rejected' | 'denied';

  constructor(message: string, reason: ProviderError['reason'], options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

const discoveryTtlMs = 5 * 60_000;
const requestTimeoutSeconds = 10;

type CachedConfiguration = { key: string; until: number; configuration: Promise<oidc.Configuration> };
const discoveryCache = new Map<string, CachedConfiguration>();

function cacheKey(settings: ProviderSettings): string {
  return JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
}

async function discover(settings: ProviderSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  // Plain http only for a provider on this machine (development and the tests); anything else must be https.
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret ?? undefined,
    settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
    { timeout: requestTimeoutSeconds, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
  );
}

/** The provider's configuration, from the cache while fresh and the settings are unchanged. */
export async function providerConfiguration(settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = cacheKey(settings);
  const hit = discoveryCache.get(settings.id);
  if (hit && hit.key === key && hit.until > Date.now()) return hit.configuration;
  const configuration = discover(settings);
  discoveryCache.set(settings.id, { key, until: Date.now() + discoveryTtlMs, configuration });
  try {
    return await configuration;
  } catch (error) {
    // A failed discovery is not remembered: the next attempt tries again.
    discoveryCache.delete(settings.id);
    throw new ProviderError(`Discovery at ${settings.issuer} failed`, 'unreachable', { cause: error });
  }
}

/** Forgets a provider's discovery (after its settings changed). */
export function forgetProviderConfiguration(providerId: string): void {
  discoveryCache.delete(providerId);
}

export type AuthorizationStart = { authorizationUrl: string; state: string; nonce: string; codeVerifier: string };

export async function startAuthorization(settings: ProviderSettings, redirectUri: string): Promise<AuthorizationStart> {
  const configuration = await providerConfiguration(settings);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: settings.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.href, state, nonce, codeVerifier };
}

/**
 * Redeems the code of the provider's answer (`callbackUrl`: the redirect URI with the query the
 * browser brought back) and returns the validated claims. The state was already matched to a
 * stored request by its hash; openid-client checks it again along with the issuer (RFC 9207),
 * the ID token's signature, audience, expiry and nonce.
 */
export async function finishAuthorization(
  settings: ProviderSettings,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderClaims> {
  const configuration = await providerConfiguration(settings);
  if (callbackUrl.searchParams.has('error')) {
    const code = callbackUrl.searchParams.get('error');
    throw new ProviderError(`The provider answered ${code}`, code === 'access_denied' ? 'denied' : 'rejected');
  }
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new ProviderError('The authorization response or ID token did not validate', 'rejected', { cause: error });
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new ProviderError('No ID token', 'rejected');
  let claims: ProviderClaims = { ...idClaims, sub: idClaims.sub };
  // Many providers put only `sub` in the ID token and the profile in UserInfo.
  if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims, sub: idClaims.sub };
    } catch (error) {
      throw new ProviderError('UserInfo failed', 'rejected', { cause: error });
    }
  }
  return claims;
}
