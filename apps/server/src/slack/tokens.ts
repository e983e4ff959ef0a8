// The short-lived tokens the Slack flows hand out: the OAuth `state` (bound to the tenant, the
// person and the kind of install, ten minutes) and the link a slash command answers an unlinked
// Slack user with (bound to the tenant, the workspace and the Slack user, thirty minutes; it travels
// as the `state` of the Slack client's authorization request and carries that request's PKCE
// verifier). Sealed (encrypted) with the server's secret box, so they are opaque, unforgeable and
// URL-safe, and the verifier is read by the server only; no table needed.
import type { SecretBox } from '../kernel/crypto/secret-box.ts';

export type InstallKind = 'workspace' | 'user';
export type StateClaims = { tenantId: string; userId: string; kind: InstallKind };
/** `slackUserName` and `teamDomain` are what the consent screen names (from Slack's signed command, never from a browser). */
export type LinkClaims = { tenantId: string; teamId: string; slackUserId: string; slackUserName: string; teamDomain: string; verifier: string };

export const stateTtlMs = 10 * 60_000;
export const linkTtlMs = 30 * 60_000;

function issue(secrets: SecretBox, purpose: string, claims: object, expiresAt: number): string {
  return secrets.seal(JSON.stringify({ purpose, expiresAt, ...claims }));
}

function read(secrets: SecretBox, purpose: string, token: string, now: Date): Record<string, unknown> | null {
  try {
    const claims = JSON.parse(secrets.open(token)) as Record<string, unknown>;
    if (claims.purpose !== purpose || typeof claims.expiresAt !== 'number' || claims.expiresAt < now.getTime()) return null;
    return claims;
  } catch {
    return null;
  }
}

export const issueState = (secrets: SecretBox, claims: StateClaims, now: Date) => issue(secrets, 'slack-state', claims, now.getTime() + stateTtlMs);

export function readState(secrets: SecretBox, token: string, now: Date): StateClaims | null {
  const claims = read(secrets, 'slack-state', token, now);
  if (!claims || typeof claims.tenantId !== 'string' || typeof claims.userId !== 'string' || (claims.kind !== 'workspace' && claims.kind !== 'user')) return null;
  return { tenantId: claims.tenantId, userId: claims.userId, kind: claims.kind };
}

export const issueLink = (secrets: SecretBox, claims: LinkClaims, now: Date) => issue(secrets, 'slack-link', claims, now.getTime() + linkTtlMs);

export function readLink(secrets: SecretBox, token: string, now: Date): LinkClaims | null {
  const claims = read(secrets, 'slack-link', token, now);
  if (!claims || typeof claims.tenantId !== 'string' || typeof claims.teamId !== 'string' || typeof claims.slackUserId !== 'string' || typeof claims.verifier !== 'string') return null;
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  return {
    tenantId: claims.tenantId,
    teamId: claims.teamId,
    slackUserId: claims.slackUserId,
    slackUserName: text(claims.slackUserName, claims.slackUserId),
    teamDomain: text(claims.teamDomain, claims.teamId),
    verifier: claims.verifier,
  };
}
