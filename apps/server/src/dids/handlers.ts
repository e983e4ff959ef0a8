// HTTP side of the phone numbers operations: build the scope, call the service, shape the answer.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { createDid, deleteDid as removeDid, listDidPage, updateDid as changeDid } from './service.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function getDids(request: OperationRequest<'getDids'>) {
  return listDidPage(scopeOf(request), request.query);
}

async function putDid(request: OperationRequest<'putDid'>, reply: FastifyReply) {
  return created(reply, await createDid(scopeOf(request), request.body));
}

async function updateDid(request: OperationRequest<'updateDid'>) {
  const { didId } = request.params;
  return changeDid(scopeOf(request), didId, request.body);
}

async function deleteDid(request: OperationRequest<'deleteDid'>, reply: FastifyReply) {
  const { didId } = request.params;
  await removeDid(scopeOf(request), didId);
  return noContent(reply);
}

export const didsHandlers = { getDids, putDid, updateDid, deleteDid } satisfies OperationHandlers;
