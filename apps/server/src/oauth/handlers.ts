// HTTP side of the authorization server's portal operations: the consent screen (getOAuthInteraction,
// decideOAuthInteraction) and the profile's authorised apps. Only a person signed in with a browser
// session may answer a consent or manage apps: a bearer token (a client's own, or one issued here)
// gets 403, so a token can never widen itself.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { forbidden } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { listAuthorizedApps, revokeAuthorizedApp } from './authorized-apps.ts';
import { decideInteraction, describeInteraction } from './interactions.ts';

function browserUser(request: FastifyRequest): string {
  const { principal } = request.ctx;
  if (principal.kind !== 'user' || principal.sessionId.startsWith('oauth:')) throw forbidden();
  return principal.userId;
}

const where = (request: FastifyRequest) => ({ tenantId: request.ctx.tenant.id, origin: request.ctx.origin });

export const oauthHandlers: OperationHandlers = {
  async getOAuthInteraction(request) {
    browserUser(request);
    return describeInteraction(request.server, where(request), request.params.interactionId);
  },

  async decideOAuthInteraction(request) {
    const userId = browserUser(request);
    const { permissions } = scopeOf(request).caller;
    return { redirectTo: await decideInteraction(request.server, where(request), request.params.interactionId, { userId, permissions }, request.body.decision) };
  },

  async getAuthorizedApps(request) {
    return { items: await listAuthorizedApps(scopeOf(request), browserUser(request)) };
  },

  async revokeAuthorizedApp(request, reply) {
    await revokeAuthorizedApp(scopeOf(request), browserUser(request), request.params.clientId);
    reply.code(204);
    return undefined;
  },
};
