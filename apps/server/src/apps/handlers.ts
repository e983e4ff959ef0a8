// HTTP side of the Apps screen's plugins, Neosound and the Google add-on; the rules are in service.ts.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { checkRecordingAddress } from '../recordings/index.ts';
import {
  authorizeAddon,
  createNeosoundAccount as openNeosoundAccount,
  neosoundLogin as signInToNeosound,
  openFileInNeosound as sendFileToNeosound,
  pluginsInfo,
  switchPlugin,
  type AppsScope,
} from './service.ts';

function appsScope(request: FastifyRequest): AppsScope {
  const scope = scopeOf(request);
  return { ...scope, config: request.server.config.apps, slackConfigured: request.server.config.slack !== null };
}

async function getPluginsInfo(request: OperationRequest<'getPluginsInfo'>) {
  return pluginsInfo(appsScope(request));
}

async function enablePlugin(request: OperationRequest<'enablePlugin'>) {
  return switchPlugin(appsScope(request), request.body.plugin, true);
}

async function disablePlugin(request: OperationRequest<'disablePlugin'>) {
  return switchPlugin(appsScope(request), request.body.plugin, false);
}

async function createNeosoundAccount(request: OperationRequest<'createNeosoundAccount'>) {
  return openNeosoundAccount(appsScope(request));
}

async function neosoundLogin(request: OperationRequest<'neosoundLogin'>) {
  return signInToNeosound(appsScope(request));
}

async function openFileInNeosound(request: OperationRequest<'openFileInNeosound'>) {
  await checkRecordingAddress(request);
  return sendFileToNeosound(appsScope(request), request.server.files, request.body.recordingId);
}

async function addonUser(request: OperationRequest<'addonUser'>) {
  const { principal } = request.ctx;
  return authorizeAddon(appsScope(request), principal.kind === 'user' ? principal.sessionId : '', request.body);
}

export const appsHandlers = {
  getPluginsInfo,
  enablePlugin,
  disablePlugin,
  createNeosoundAccount,
  neosoundLogin,
  openFileInNeosound,
  addonUser,
} satisfies OperationHandlers;
