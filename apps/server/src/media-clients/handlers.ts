// HTTP side of the media clients operations: build the scope, call the service, shape the answer.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createClient, deleteClient, listClientPage, updateClient } from './service.ts';

export const mediaClientsHandlers: OperationHandlers = {
  async getClients(request) {
    return listClientPage(scopeOf(request), request.query);
  },

  async putClient(request, reply) {
    const client = await createClient(scopeOf(request), request.body);
    reply.code(201);
    return client;
  },

  async updateClient(request) {
    const { clientId } = request.params;
    return updateClient(scopeOf(request), clientId, request.body);
  },

  async deleteClient(request, reply) {
    const { clientId } = request.params;
    await deleteClient(scopeOf(request), clientId);
    reply.code(204);
    return undefined;
  },
};
