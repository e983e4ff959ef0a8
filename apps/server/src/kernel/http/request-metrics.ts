// Requests answered, by operation and status (README, Metrics). The label is the contract's
// operationId, or the method and route pattern for what is outside the contract (the portal's
// files, the authorization server, /metrics itself), never the URL as sent: ids and unknown paths
// would make a new series each, so a path no route matched is `unmatched`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { counter, histogram, latencyBuckets, seconds } from '../metrics.ts';

const requests = counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered, by operation (operationId, or method and route outside the API) and status code', labelNames: ['operation', 'status'] });

const durations = histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to its answer, by operation and status code',
  labelNames: ['operation', 'status'],
  buckets: latencyBuckets,
});

export function operationLabel(request: FastifyRequest): string {
  const operation = request.routeOptions.config.operation?.operationId;
  if (operation) return operation;
  const route = request.routeOptions.url;
  return route === undefined ? 'unmatched' : `${request.method} ${route}`;
}

export function measureRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { operation: operationLabel(request), status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, seconds(reply.elapsedTime));
  });
}
