// HTTP side of the webhook endpoint operations. Times come from the job queue's clock, so tests that
// move it see rotations expire and deliveries retried on the same time line.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { addWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, sendWebhookTestEvent, updateWebhookEndpoint } from './service.ts';

export const webhooksHandlers: OperationHandlers = {
  async getWebhookEndpoints(request) {
    return listWebhookEndpoints(scopeOf(request), request.server.jobs.now());
  },

  async addWebhookEndpoint(request, reply) {
    const saved = await addWebhookEndpoint(scopeOf(request), request.body, request.server.jobs.now());
    reply.code(201);
    return saved;
  },

  async updateWebhookEndpoint(request) {
    return updateWebhookEndpoint(scopeOf(request), request.params.webhookId, request.body, request.server.jobs.now());
  },

  async deleteWebhookEndpoint(request, reply) {
    await deleteWebhookEndpoint(scopeOf(request), request.params.webhookId);
    reply.code(204);
    return undefined;
  },

  async getWebhookDeliveries(request) {
    return listWebhookDeliveries(scopeOf(request), request.params.webhookId, request.query, request.server.jobs.retryAt);
  },

  async sendWebhookTestEvent(request, reply) {
    const delivery = await sendWebhookTestEvent(scopeOf(request), request.params.webhookId, request.server.jobs.now(), request.server.jobs.retryAt);
    reply.code(202);
    return delivery;
  },
};
