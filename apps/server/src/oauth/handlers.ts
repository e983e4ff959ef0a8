// HTTP side of the authorization server's portal operations: the consent screen (getOAuthInteraction,
// decideOAuthInteraction) and the profile's authorised apps. Only a person signed in with a browser
// session may answer a consent or manage apps: a bearer token (a client's own, or one issued here)
// gets 403, so a token can never widen itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { forbidden } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { listAuthorizedApps, revokeAuthorizedApp as revokeApp } from './authorized-apps.ts';
import type { PlatformClientRules } from './clients.ts';
import { decideInteraction, describeInteraction } from './interactions.ts';
import { noContent } from '../kernel/http/replies.ts';

function browserUser(request: FastifyRequest): string {
  const { principal } = request.ctx;
  if (principal.kind !== 'user' || principal.sessionId.startsWith('oauth:')) throw forbidden();
  return principal.userId;
}

const where = (request: FastifyRequest) => ({ tenantId: request.ctx.tenant.id, origin: request.ctx.origin });

/** The operations, given the rules of the portal's own clients (composed by the roof). */
export function oauthHandlers(rules: PlatformClientRules) {
  async function getOAuthInteraction(request: FastifyRequest<{ Params: { interactionId: string } }>) {
    browserUser(request);
    return describeInteraction(request.server, rules, where(request), request.params.interactionId);
  }

  async function decideOAuthInteraction(request: FastifyRequest<{ Params: { interactionId: string }; Body: { decision: 'authorize' | 'decline' } }>) {
    const userId = browserUser(request);
    const { permissions } = scopeOf(request).caller;
    return { redirectTo: await decideInteraction(request.server, rules, where(request), request.params.interactionId, { userId, permissions }, request.body.decision) };
  }

  async function getAuthorizedApps(request: FastifyRequest) {
    return { items: await listAuthorizedApps(rules, scopeOf(request), browserUser(request)) };
  }

  async function revokeAuthorizedApp(request: FastifyRequest<{ Params: { clientId: string } }>, reply: FastifyReply) {
    await revokeApp(rules, scopeOf(request), browserUser(request), request.params.clientId);
    return noContent(reply);
  }

  return { getOAuthInteraction, decideOAuthInteraction, getAuthorizedApps, revokeAuthorizedApp } satisfies OperationHandlers;
}
