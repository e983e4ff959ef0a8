// `pnpm start` (and `--migrate-only`, `--backup`, `--restore`): serve.ts does the work. This entry
// imports it only after tracing has started, when an OTLP endpoint is set (README, Tracing): the
// HTTP instrumentation must patch node:http before Fastify loads it, and a static import would load
// every module first. With no endpoint, nothing of the OpenTelemetry SDK is imported at all.
import { loadConfig } from '../kernel/config.ts';
import { tracingConfigured } from './tracing-env.ts';

async function main() {
  const config = loadConfig();
  const tracing = tracingConfigured() ? (await import('./tracing.ts')).startTracing(config.version) : null;
  const { serve } = await import('./serve.ts');
  await serve(config, { flush: tracing?.shutdown });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
