// HTTP side of the phone numbers operations: build the scope, call the service, shape the answer.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createDid, deleteDid, listDidPage, updateDid } from './service.ts';

export const didsHandlers: OperationHandlers = {
  async getDids(request) {
    return listDidPage(scopeOf(request), request.query);
  },

  async putDid(request, reply) {
    const did = await createDid(scopeOf(request), request.body);
    reply.code(201);
    return did;
  },

  async updateDid(request) {
    const { didId } = request.params;
    return updateDid(scopeOf(request), didId, request.body);
  },

  async deleteDid(request, reply) {
    const { didId } = request.params;
    await deleteDid(scopeOf(request), didId);
    reply.code(204);
    return undefined;
  },
};
