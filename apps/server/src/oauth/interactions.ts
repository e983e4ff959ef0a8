// Sign-in and consent for the authorization server: the portal's consent screen reads what the
// client asks for and answers Authorize or Decline for the signed-in person (who must be in the
// provider's tenant: the session is read in it). The provider's interaction is found by its uid and
// its result saved, so the browser's next stop (`returnTo`) resumes the authorization.
// The Google add-on's decision first shows the add-on's own page (spec: 'Google add-on is authorized'
// or 'Authorization Failed..!!', 'Take me to'), whose button resumes to the add-on's callback; its
// Authorize also switches the person's Gmail add-on plugin on (the Apps screen switches it off).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../kernel/http/problem.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { googleAddonClientId, slackConsentClientId, type PlatformClientRules } from './clients.ts';
import { apiResource, providerFor } from './provider.ts';
import { apiScopes, type ApiScope } from './scopes.ts';

export type InteractionView = { interactionId: string; clientId: string; clientName: string; scopes: ApiScope[]; userInformation: boolean; slackLink?: Schemas['OAuthSlackLink'] };

type Where = { tenantId: string; origin: string };

async function loadInteraction(app: FastifyInstance, where: Where, uid: string) {
  const provider = await providerFor(app, where.tenantId, where.origin);
  const interaction = await provider.Interaction.find(uid);
  if (!interaction) throw new ProblemError(404, 'not_found', { detail: 'This authorization request has expired; start again from the app' });
  const clientId = String(interaction.params.client_id ?? '');
  const client = await provider.Client.find(clientId);
  if (!client) throw new ProblemError(404, 'not_found');
  return { provider, interaction, client };
}

/**
 * The Slack user and workspace an Authorize of the Slack client links, from the request's `state`:
 * the slash command's sealed link, so the names come from Slack's signed command, never from a
 * browser. A request of the Slack client without a valid link of this tenant is treated as expired.
 */
function slackLinkOf(app: FastifyInstance, rules: PlatformClientRules, where: Where, state: unknown): Schemas['OAuthSlackLink'] {
  const link = rules.slack.linkOf(app, state);
  if (!link || link.tenantId !== where.tenantId) throw new ProblemError(404, 'not_found', { detail: 'This authorization request has expired; start again from the app' });
  return { teamId: link.teamId, teamDomain: link.teamDomain, userId: link.userId, userName: link.userName };
}

const requestedScopes = (scope: unknown) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);

export async function describeInteraction(app: FastifyInstance, rules: PlatformClientRules, where: Where, uid: string): Promise<InteractionView> {
  const { interaction, client } = await loadInteraction(app, where, uid);
  const asked = requestedScopes(interaction.params.scope);
  return {
    interactionId: uid,
    clientId: client.clientId,
    clientName: client.clientName ?? client.clientId,
    scopes: asked.filter((scope): scope is ApiScope => Object.hasOwn(apiScopes, scope)),
    userInformation: asked.some((scope) => scope === 'profile' || scope === 'email'),
    ...(client.clientId === slackConsentClientId ? { slackLink: slackLinkOf(app, rules, where, interaction.params.state) } : {}),
  };
}

/** Records the person's decision and answers where the browser goes next (back to the provider). */
export async function decideInteraction(
  app: FastifyInstance,
  rules: PlatformClientRules,
  where: Where,
  uid: string,
  person: { userId: string; permissions: ReadonlySet<string> },
  decision: 'authorize' | 'decline',
): Promise<string> {
  const { userId } = person;
  const { provider, interaction, client } = await loadInteraction(app, where, uid);
  // The Slack client is authorized only for a Slack user the screen could name.
  if (client.clientId === slackConsentClientId && decision === 'authorize') slackLinkOf(app, rules, where, interaction.params.state);
  // The Gmail add-on is one of the Apps screen's plugins: only its people may switch it on, so for
  // anyone else an authorization ends as a refusal (the add-on's page says it failed) and grants nothing.
  const refused = client.clientId === googleAddonClientId && decision === 'authorize' && !rules.googleAddon.mayAuthorize(person.permissions);
  if (refused) {
    interaction.result = { error: 'access_denied', error_description: 'The person may not use the Gmail add-on' };
  } else if (decision === 'decline') {
    interaction.result = { error: 'access_denied', error_description: 'The user declined the authorization' };
  } else {
    const asked = requestedScopes(interaction.params.scope);
    const grant = new provider.Grant({ accountId: userId, clientId: client.clientId });
    grant.addOIDCScope(['openid', 'offline_access', ...asked.filter((scope) => scope === 'profile' || scope === 'email')].join(' '));
    const api = asked.filter((scope) => Object.hasOwn(apiScopes, scope) || scope === 'profile');
    if (api.length > 0) grant.addResourceScope(apiResource(where.origin), api.join(' '));
    const grantId = await grant.save();
    interaction.result = { login: { accountId: userId }, consent: { grantId } };
  }
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  if (client.clientId !== googleAddonClientId) return interaction.returnTo;
  if (refused) return googleAddonResultUrl(where.origin, 'decline', interaction.returnTo);
  if (decision === 'authorize') await app.database.withTenant(where.tenantId, (tx) => rules.googleAddon.authorized(tx, where.tenantId, userId));
  return googleAddonResultUrl(where.origin, decision, interaction.returnTo);
}

/** The Google add-on page showing the decision, its 'Take me to' button resuming at `returnTo`. */
export function googleAddonResultUrl(origin: string, decision: 'authorize' | 'decline', returnTo: string): string {
  const page = new URL('/portal/google-addon', origin);
  page.searchParams.set('result', decision === 'authorize' ? 'authorized' : 'declined');
  page.searchParams.set('continue', returnTo);
  return page.toString();
}

/**
 * Redeems, once, a code the portal asked for through one of its own platform clients (the Slack
 * consent, whose verifier the portal sealed in the request's state): checks the client, expiry, use
 * and PKCE S256 as the token endpoint would, and that `accountId` is the person who consented. No
 * token is issued: the code itself proves the consent, and its grant is deleted once it is spent.
 * A code of another person is not spent, so sending it from the wrong account costs its owner nothing.
 */
/** How redeeming one of the portal's own codes ended: spent, not a valid code, or a valid code of someone else (left unspent). */
export type CodeRedemption = 'redeemed' | 'invalid' | 'another_person';

export async function redeemOwnCode(
  app: FastifyInstance,
  where: Where,
  request: { clientId: string; code: string; verifier: string; accountId: string },
): Promise<CodeRedemption> {
  const { clientId, code, verifier } = request;
  const provider = await providerFor(app, where.tenantId, where.origin);
  const found = await provider.AuthorizationCode.find(code).catch(() => undefined);
  if (!found || found.clientId !== clientId || !found.isValid || found.codeChallengeMethod !== 'S256' || typeof found.codeChallenge !== 'string') return 'invalid';
  const expected = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const challenge = Buffer.from(found.codeChallenge);
  if (expected.length !== challenge.length || !timingSafeEqual(expected, challenge)) return 'invalid';
  if (typeof found.accountId !== 'string') return 'invalid';
  if (found.accountId !== request.accountId) return 'another_person';
  try {
    await found.consume();
  } catch {
    return 'invalid'; // redeemed at the same moment by another request: the adapter let one win
  }
  // The consent is spent with its code: its grant goes too, so the next request of the client asks
  // for consent again (for the Slack client, naming that request's Slack user).
  if (typeof found.grantId === 'string') await (await provider.Grant.find(found.grantId))?.destroy();
  return 'redeemed';
}
