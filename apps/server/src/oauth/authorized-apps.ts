// The developer clients (and the Google add-on) a person has authorised (their grants in `oauth_records`), and revoking one:
// every grant of that person for that client goes, with the codes and tokens it issued, so the
// client's tokens are refused at the next request (bearer tokens are never cached). The Slack app
// is listed while the person has a Slack user linked (their consent outlives its short grant), and
// revoking it unlinks them: their next slash command asks for consent again.
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { devClients, oauthRecords } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { googleAddonClientId, slackConsentClientId, type PlatformClientRules } from './clients.ts';
import { apiScopes, type ApiScope } from './scopes.ts';

type GrantPayload = { jti?: string; openid?: { scope?: string }; resources?: Record<string, string> };

const liveGrants = (tenantId: string, userId: string) =>
  and(
    eq(oauthRecords.tenantId, tenantId),
    eq(oauthRecords.model, 'Grant'),
    eq(oauthRecords.accountId, userId),
    or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, new Date())),
  );

export async function listAuthorizedApps(rules: PlatformClientRules, scope: Pick<RequestScope, 'tenantId' | 'db'>, userId: string): Promise<Array<Schemas['AuthorizedApp']>> {
  const slackSince = await scope.db((tx) => rules.slack.linkedSince(tx, scope.tenantId, userId));
  const rows = await scope.db((tx) =>
    tx
      .select({ clientId: oauthRecords.clientId, payload: oauthRecords.payload, createdAt: oauthRecords.createdAt, clientName: devClients.name })
      .from(oauthRecords)
      .leftJoin(devClients, and(eq(devClients.tenantId, oauthRecords.tenantId), eq(devClients.clientId, oauthRecords.clientId)))
      .where(liveGrants(scope.tenantId, userId))
      .orderBy(desc(oauthRecords.createdAt)),
  );
  const byClient = new Map<string, Schemas['AuthorizedApp']>();
  for (const row of rows) {
    // A developer client or the Google add-on; the Slack app's grant is listed from its links below.
    const clientName = row.clientName ?? (row.clientId === googleAddonClientId ? 'Google add-on' : null);
    if (!row.clientId || !clientName) continue;
    const payload = row.payload as GrantPayload;
    const app = byClient.get(row.clientId) ?? { clientId: row.clientId, clientName, scopes: [], userInformation: false, authorizedAt: row.createdAt.toISOString() };
    const granted = Object.values(payload.resources ?? {}).flatMap((list) => list.split(' '));
    app.scopes = [...new Set([...app.scopes, ...granted.filter((name): name is ApiScope => Object.hasOwn(apiScopes, name))])];
    app.userInformation ||= (payload.openid?.scope ?? '').split(' ').some((name) => name === 'profile' || name === 'email');
    byClient.set(row.clientId, app);
  }
  // The slash command starts and joins meetings as the person (slackConsentScope).
  if (slackSince) byClient.set(slackConsentClientId, { clientId: slackConsentClientId, clientName: 'Slack', scopes: ['meetings:write'], userInformation: false, authorizedAt: slackSince.toISOString() });
  return [...byClient.values()];
}

export async function revokeAuthorizedApp(rules: PlatformClientRules, scope: Pick<RequestScope, 'tenantId' | 'db' | 'audit'>, userId: string, clientId: string): Promise<void> {
  await scope.db(async (tx) => {
    const grants = await revokeClientGrants(tx, scope.tenantId, userId, clientId);
    const links = clientId === slackConsentClientId ? await rules.slack.unlink(tx, scope.audit, scope.tenantId, userId) : 0;
    if (grants + links === 0) throw new ProblemError(404, 'not_found', { detail: 'You have not authorised this app' });
  });
}

/** Deletes every grant of `userId` for `clientId` with the codes and tokens it issued; answers how many grants went. */
export async function revokeClientGrants(tx: Database, tenantId: string, userId: string, clientId: string): Promise<number> {
  const grants = await tx
    .delete(oauthRecords)
    .where(and(liveGrants(tenantId, userId), eq(oauthRecords.clientId, clientId)))
    .returning({ payload: oauthRecords.payload });
  const grantIds = grants.map((grant) => (grant.payload as GrantPayload).jti).filter((id): id is string => typeof id === 'string');
  if (grantIds.length > 0) await tx.delete(oauthRecords).where(and(eq(oauthRecords.tenantId, tenantId), inArray(oauthRecords.grantId, grantIds)));
  return grantIds.length;
}

/**
 * The client whose access token authenticated a request (its session id is `oauth:<token hash>`,
 * src/auth/sessions.ts), or null for a browser session or another credential.
 */
export async function clientOfToken(tx: Database, sessionId: string): Promise<string | null> {
  if (!sessionId.startsWith('oauth:')) return null;
  const [row] = await tx
    .select({ clientId: oauthRecords.clientId })
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, 'AccessToken'), eq(oauthRecords.id, sessionId.slice('oauth:'.length))))
    .limit(1);
  return row?.clientId ?? null;
}
