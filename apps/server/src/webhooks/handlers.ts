// HTTP side of the webhook endpoint operations. Times come from the job queue's clock, so tests that
// move it see rotations expire and deliveries retried on the same time line.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import {
  addWebhookEndpoint as addEndpoint,
  deleteWebhookEndpoint as deleteEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendWebhookTestEvent as sendTestEvent,
  updateWebhookEndpoint as updateEndpoint,
} from './service.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function getWebhookEndpoints(request: OperationRequest<'getWebhookEndpoints'>) {
  return listWebhookEndpoints(scopeOf(request), request.server.jobs.now());
}

async function addWebhookEndpoint(request: OperationRequest<'addWebhookEndpoint'>, reply: FastifyReply) {
  return created(reply, await addEndpoint(scopeOf(request), request.body, request.server.jobs.now()));
}

async function updateWebhookEndpoint(request: OperationRequest<'updateWebhookEndpoint'>) {
  return updateEndpoint(scopeOf(request), request.params.webhookId, request.body, request.server.jobs.now());
}

async function deleteWebhookEndpoint(request: OperationRequest<'deleteWebhookEndpoint'>, reply: FastifyReply) {
  await deleteEndpoint(scopeOf(request), request.params.webhookId);
  return noContent(reply);
}

async function getWebhookDeliveries(request: OperationRequest<'getWebhookDeliveries'>) {
  return listWebhookDeliveries(scopeOf(request), request.params.webhookId, request.query, request.server.jobs.retryAt);
}

async function sendWebhookTestEvent(request: OperationRequest<'sendWebhookTestEvent'>, reply: FastifyReply) {
  const delivery = await sendTestEvent(scopeOf(request), request.params.webhookId, request.server.jobs.now(), request.server.jobs.retryAt);
  reply.code(202);
  return delivery;
}

export const webhooksHandlers = {
  getWebhookEndpoints,
  addWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDeliveries,
  sendWebhookTestEvent,
} satisfies OperationHandlers;
