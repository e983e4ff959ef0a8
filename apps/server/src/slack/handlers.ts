// HTTP side of the Slack app (issue 14 section 2); the rules are in service.ts and command.ts.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { slackConsentClientId, redeemOwnCode } from '../oauth/index.ts';
import { answerSlashCommand } from './command.ts';
import { completeInstall, connectSlackUser, installUrl, removeSlackUser, slackStatus, uninstallWorkspace, type SlackScope } from './service.ts';

function slackScope(request: FastifyRequest): SlackScope {
  const scope = scopeOf(request);
  const { server } = request;
  return {
    tenantId: scope.tenantId,
    actorUserId: scope.actorUserId,
    db: scope.db,
    secrets: scope.secrets,
    audit: scope.audit,
    config: server.config.slack,
    origin: request.ctx.origin,
    now: server.jobs.now,
    log: request.log,
  };
}

/** Slack's request URL is platform-level: the workspace, not the host, names the tenant; the handler checks Slack's signature. */
export async function slackRequestGate(): Promise<void> {}

export const slackHandlers: OperationHandlers = {
  async getSlackStatus(request) {
    return slackStatus(slackScope(request));
  },

  async slackInstallUrl(request) {
    return installUrl(slackScope(request), 'user');
  },

  async getAppInstallUrl(request) {
    return installUrl(slackScope(request), 'workspace');
  },

  async installSlackApp(request) {
    return completeInstall(slackScope(request), 'workspace', request.body, 'slack_install_failed');
  },

  async uninstallSlackApp(request, reply) {
    await uninstallWorkspace(slackScope(request));
    reply.code(204);
    return undefined;
  },

  async authSlackUser(request) {
    return completeInstall(slackScope(request), 'user', request.body, 'slack_auth_failed');
  },

  async connectUser(request) {
    const where = { tenantId: request.ctx.tenant.id, origin: request.ctx.origin };
    return connectSlackUser(slackScope(request), request.body, (code, verifier, accountId) =>
      redeemOwnCode(request.server, where, { clientId: slackConsentClientId, code, verifier, accountId }),
    );
  },

  async deleteSlackUser(request, reply) {
    await removeSlackUser(slackScope(request));
    reply.code(204);
    return undefined;
  },

  async messages(request) {
    return answerSlashCommand(request, request.body);
  },
};
