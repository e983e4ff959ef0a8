// HTTP side of the developer clients operations: build the scope, call the service, shape the answer.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createDevClient, deleteDevClient as removeDevClient, listDevClientPage, updateDevClient as changeDevClient } from './service.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function getDevClients(request: OperationRequest<'getDevClients'>) {
  return listDevClientPage(scopeOf(request), request.query);
}

async function putDevClient(request: OperationRequest<'putDevClient'>, reply: FastifyReply) {
  return created(reply, await createDevClient(scopeOf(request), request.body));
}

async function updateDevClient(request: OperationRequest<'updateDevClient'>) {
  const { devClientId } = request.params;
  return changeDevClient(scopeOf(request), devClientId, request.body);
}

async function deleteDevClient(request: OperationRequest<'deleteDevClient'>, reply: FastifyReply) {
  const { devClientId } = request.params;
  await removeDevClient(scopeOf(request), devClientId);
  return noContent(reply);
}

export const devClientsHandlers = { getDevClients, putDevClient, updateDevClient, deleteDevClient } satisfies OperationHandlers;
