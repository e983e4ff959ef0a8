// The HTTP server span (README, Tracing), made by the HTTP instrumentation (app/tracing.ts) before
// Fastify routes the request, knows only the method: here, once the route is known, it is named by
// the operation as the metrics label it (request-metrics.ts, `operationLabel`) and given its route
// pattern. With tracing off there is no active span and this does nothing.
import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { operationLabel } from './request-metrics.ts';

export function nameRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const span = trace.getActiveSpan();
    if (!span?.isRecording()) return;
    span.updateName(operationLabel(request));
    const route = request.routeOptions.url;
    if (route !== undefined) span.setAttribute('http.route', route);
    const operation = request.routeOptions.config.operation?.operationId;
    if (operation) span.setAttribute('portal.operation', operation);
  });
}
