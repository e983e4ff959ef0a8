// HTTP side of the media clients operations: build the scope, call the service, shape the answer.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createClient, deleteClient as removeClient, listClientPage, updateClient as changeClient } from './service.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function getClients(request: OperationRequest<'getClients'>) {
  return listClientPage(scopeOf(request), request.query);
}

async function putClient(request: OperationRequest<'putClient'>, reply: FastifyReply) {
  return created(reply, await createClient(scopeOf(request), request.body));
}

async function updateClient(request: OperationRequest<'updateClient'>) {
  const { clientId } = request.params;
  return changeClient(scopeOf(request), clientId, request.body);
}

async function deleteClient(request: OperationRequest<'deleteClient'>, reply: FastifyReply) {
  const { clientId } = request.params;
  await removeClient(scopeOf(request), clientId);
  return noContent(reply);
}

export const mediaClientsHandlers = { getClients, putClient, updateClient, deleteClient } satisfies OperationHandlers;
