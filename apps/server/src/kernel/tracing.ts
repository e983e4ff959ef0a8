// Spans of our own (README, Tracing): a database transaction, a job's run, beside the HTTP spans the
// instrumentation makes (app/tracing.ts). Only through @opentelemetry/api, the facade: with tracing
// off no SDK is loaded and every span here is the API's no-op one, so a caller pays an object and a
// closure, not an export.
import { INVALID_SPAN_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

const tracer = trace.getTracer('portal-server');

export type SpanOptions = {
  attributes?: Attributes;
  kind?: SpanKind;
  /**
   * Made only inside another span (a request's, a job's): work that runs on its own every few
   * seconds (the job queue's and the mail outbox's polls, each a transaction) would otherwise make a
   * trace of one span each time, burying the requests.
   */
  childOnly?: boolean;
};

/** The span ended in `error`: for work that catches its own failures (a job's attempt) as well. */
export function markFailed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** What `work` is given when no span is made: one that records nothing. */
const noSpan = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Runs `work` in a span named `name`, ended when it settles; a throw marks the span failed and is rethrown. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  if (options.childOnly && trace.getActiveSpan() === undefined) return work(noSpan);
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind, type Span };
