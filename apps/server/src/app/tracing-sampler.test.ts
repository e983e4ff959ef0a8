// OTEL_TRACES_SAMPLER and its argument, as the OpenTelemetry specification names them.
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { samplerFromEnv } from './tracing-sampler.ts';

const decide = (name: string | undefined, arg?: string) => {
  const { sampler } = samplerFromEnv(name, arg);
  // A root span: no parent in the context.
  return sampler.shouldSample(ROOT_CONTEXT, 'ffffffffffffffffffffffffffffffff', 'span', SpanKind.SERVER, {}, []).decision;
};

describe('samplerFromEnv', () => {
  it('keeps every trace by default, parent-based', () => {
    expect(samplerFromEnv(undefined, undefined).sampler.toString()).toMatch(/^ParentBased\{root=AlwaysOnSampler/);
    expect(decide(undefined)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('reads always_off and the ratio of traceidratio', () => {
    expect(decide('always_off')).toBe(SamplingDecision.NOT_RECORD);
    expect(decide('parentbased_traceidratio', '0')).toBe(SamplingDecision.NOT_RECORD);
    expect(samplerFromEnv('traceidratio', '0.25').sampler.toString()).toBe('TraceIdRatioBased{0.25}');
  });

  it('warns of what it cannot read and keeps every trace then', () => {
    expect(samplerFromEnv('traceidratio', 'half')).toMatchObject({ warning: expect.stringContaining('OTEL_TRACES_SAMPLER_ARG=half') });
    expect(samplerFromEnv('jaeger_remote', undefined).warning).toContain('OTEL_TRACES_SAMPLER=jaeger_remote');
    expect(decide('jaeger_remote')).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });
});
