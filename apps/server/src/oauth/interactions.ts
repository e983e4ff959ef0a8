// Sign-in and consent for the authorization server: the portal's consent screen reads what the
// client asks for and answers Authorize or Decline for the signed-in person (who must be in the
// provider's tenant: the session is read in it). The provider's interaction is found by its uid and
// its result saved, so the browser's next stop (`returnTo`) resumes the authorization.
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../http/problem.ts';
import { apiResource, providerFor } from './provider.ts';
import { apiScopes, type ApiScope } from './scopes.ts';

export type InteractionView = { interactionId: string; clientId: string; clientName: string; scopes: ApiScope[]; userInformation: boolean };

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

const requestedScopes = (scope: unknown) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);

export async function describeInteraction(app: FastifyInstance, where: Where, uid: string): Promise<InteractionView> {
  const { interaction, client } = await loadInteraction(app, where, uid);
  const asked = requestedScopes(interaction.params.scope);
  return {
    interactionId: uid,
    clientId: client.clientId,
    clientName: client.clientName ?? client.clientId,
    scopes: asked.filter((scope): scope is ApiScope => Object.hasOwn(apiScopes, scope)),
    userInformation: asked.some((scope) => scope === 'profile' || scope === 'email'),
  };
}

/** Records the person's decision and answers where the browser goes next (back to the provider). */
export async function decideInteraction(app: FastifyInstance, where: Where, uid: string, userId: string, decision: 'authorize' | 'decline'): Promise<string> {
  const { provider, interaction, client } = await loadInteraction(app, where, uid);
  if (decision === 'decline') {
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
  return interaction.returnTo;
}
