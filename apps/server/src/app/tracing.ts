// Tracing with OpenTelemetry (README, Tracing), started by main.ts before the server's modules are
// imported, and only when an OTLP endpoint is set (tracing-env.ts): the HTTP instrumentation patches
// node:http as it is loaded, so Fastify must come after it; with no endpoint this module is never
// loaded and nothing of the SDK is.
//
// The SDK's parts rather than @opentelemetry/sdk-node, which the issue named: sdk-node brings the
// gRPC and protobuf exporters, metrics and logs SDKs whether used or not (42 MB, about 2 s to load
// and start, measured), where these parts are 22 MB and under half a second. What sdk-node would add
// from the environment is done here: the sampler (tracing-sampler.ts), the service name and
// resource attributes (envDetector); the exporter reads its own OTEL_EXPORTER_OTLP_* variables.
// It sends OTLP/HTTP with JSON bodies to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { IncomingMessage } from 'node:http';
import { probePaths } from '../kernel/http/probes.ts';
import { redactUrl } from '../kernel/http/log-redaction.ts';
import { samplerFromEnv } from './tracing-sampler.ts';

export type Tracing = {
  /** Ends tracing: the spans not sent yet are sent first (the SIGTERM path, serve.ts). */
  shutdown: () => Promise<void>;
};

const pathOf = (url: string) => url.split('?')[0] ?? '';

/**
 * The request's path and query as spans keep them: without the tokens that mail links and recording
 * share links carry (log-redaction.ts), which the access log leaves out for the same reason.
 */
function redactedUrlAttributes(request: IncomingMessage) {
  const [path, query] = redactUrl(request.url ?? '/').split(/\?(.*)/s);
  return query === undefined ? { 'url.path': path } : { 'url.path': path, 'url.query': query };
}

export function startTracing(version: string): Tracing {
  const { sampler, warning } = samplerFromEnv(process.env.OTEL_TRACES_SAMPLER, process.env.OTEL_TRACES_SAMPLER_ARG);
  if (warning) console.warn(warning);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over these defaults.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'portal-server', 'service.version': version }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({ resource, sampler, spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })] });

  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // A trace begun by a proxy or a caller in front (a `traceparent` header) goes on here.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  new HttpInstrumentation({
    ignoreIncomingRequestHook: (request) => probePaths.includes(pathOf(request.url ?? '')),
    startIncomingSpanHook: redactedUrlAttributes,
  });

  let ended: Promise<void> | null = null;
  const shutdown = () => (ended ??= provider.shutdown().catch((error: unknown) => console.warn('spans not sent at shutdown', error)));
  // A command that ends by itself (--migrate-only, --backup) sends its spans too.
  process.once('beforeExit', () => void shutdown());
  return { shutdown };
}
