// HTTP side of the Apps screen's plugins, Neosound and the Google add-on; the rules are in service.ts.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { checkRecordingAddress } from '../recordings/index.ts';
import { authorizeAddon, createNeosoundAccount, neosoundLogin, openFileInNeosound, pluginsInfo, switchPlugin, type AppsScope } from './service.ts';

function appsScope(request: FastifyRequest): AppsScope {
  const scope = scopeOf(request);
  return { ...scope, config: request.server.config.apps, slackConfigured: request.server.config.slack !== null };
}

export const appsHandlers: OperationHandlers = {
  async getPluginsInfo(request) {
    return pluginsInfo(appsScope(request));
  },

  async enablePlugin(request) {
    return switchPlugin(appsScope(request), request.body.plugin, true);
  },

  async disablePlugin(request) {
    return switchPlugin(appsScope(request), request.body.plugin, false);
  },

  async createNeosoundAccount(request) {
    return createNeosoundAccount(appsScope(request));
  },

  async neosoundLogin(request) {
    return neosoundLogin(appsScope(request));
  },

  async openFileInNeosound(request) {
    await checkRecordingAddress(request);
    return openFileInNeosound(appsScope(request), request.server.files, request.body.recordingId);
  },

  async addonUser(request) {
    const { principal } = request.ctx;
    return authorizeAddon(appsScope(request), principal.kind === 'user' ? principal.sessionId : '', request.body);
  },
};
