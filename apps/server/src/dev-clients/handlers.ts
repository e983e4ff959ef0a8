// HTTP side of the developer clients operations: build the scope, call the service, shape the answer.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createDevClient, deleteDevClient, listDevClientPage, updateDevClient } from './service.ts';

export const devClientsHandlers: OperationHandlers = {
  async getDevClients(request) {
    return listDevClientPage(scopeOf(request), request.query);
  },

  async putDevClient(request, reply) {
    const saved = await createDevClient(scopeOf(request), request.body);
    reply.code(201);
    return saved;
  },

  async updateDevClient(request) {
    const { devClientId } = request.params;
    return updateDevClient(scopeOf(request), devClientId, request.body);
  },

  async deleteDevClient(request, reply) {
    const { devClientId } = request.params;
    await deleteDevClient(scopeOf(request), devClientId);
    reply.code(204);
    return undefined;
  },
};
