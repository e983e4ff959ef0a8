// HTTP side of the Slack app (issue 14 section 2); the rules are in service.ts and command.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { slackConsentClientId, redeemOwnCode } from '../oauth/index.ts';
import { answerSlashCommand } from './command.ts';
import { completeInstall, connectSlackUser, installUrl, removeSlackUser, slackStatus, uninstallWorkspace, type SlackScope } from './service.ts';
import { noContent } from '../kernel/http/replies.ts';

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

async function getSlackStatus(request: OperationRequest<'getSlackStatus'>) {
  return slackStatus(slackScope(request));
}

async function slackInstallUrl(request: OperationRequest<'slackInstallUrl'>) {
  return installUrl(slackScope(request), 'user');
}

async function getAppInstallUrl(request: OperationRequest<'getAppInstallUrl'>) {
  return installUrl(slackScope(request), 'workspace');
}

async function installSlackApp(request: OperationRequest<'installSlackApp'>) {
  return completeInstall(slackScope(request), 'workspace', request.body, 'slack_install_failed');
}

async function uninstallSlackApp(request: OperationRequest<'uninstallSlackApp'>, reply: FastifyReply) {
  await uninstallWorkspace(slackScope(request));
  return noContent(reply);
}

async function authSlackUser(request: OperationRequest<'authSlackUser'>) {
  return completeInstall(slackScope(request), 'user', request.body, 'slack_auth_failed');
}

async function connectUser(request: OperationRequest<'connectUser'>) {
  const where = { tenantId: request.ctx.tenant.id, origin: request.ctx.origin };
  return connectSlackUser(slackScope(request), request.body, (code, verifier, accountId) =>
    redeemOwnCode(request.server, where, { clientId: slackConsentClientId, code, verifier, accountId }),
  );
}

async function deleteSlackUser(request: OperationRequest<'deleteSlackUser'>, reply: FastifyReply) {
  await removeSlackUser(slackScope(request));
  return noContent(reply);
}

async function messages(request: OperationRequest<'messages'>) {
  return answerSlashCommand(request, request.body);
}

export const slackHandlers = {
  getSlackStatus,
  slackInstallUrl,
  getAppInstallUrl,
  installSlackApp,
  uninstallSlackApp,
  authSlackUser,
  connectUser,
  deleteSlackUser,
  messages,
} satisfies OperationHandlers;
