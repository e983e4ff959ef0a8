// HTTP side of the developer clients operations: build the scope, call the service, shape the answer.
import type { FastifyRequest } from 'fastify';
import { auditActorOf } from '../audit/record.ts';
import type { OperationHandlers } from '../http/handler.ts';
import { callerOf } from '../auth/caller.ts';
import { createDevClient, deleteDevClient, listDevClientPage, updateDevClient, type DevClientScope } from './service.ts';

function scopeOf(request: FastifyRequest): DevClientScope {
  const { ctx } = request;
  return { tenantId: ctx.tenant.id, caller: callerOf(ctx.principal), db: ctx.db, audit: auditActorOf(request) };
}

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
