// The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name, with the specification's values
// and default (parent-based, always on). @opentelemetry/sdk-node reads them; the tracer provider
// this server starts (app/tracing.ts) does not, so they are read here.
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace';

export type SamplerChoice = { sampler: Sampler; warning?: string };

function ratioOf(arg: string | undefined): { ratio: number; warning?: string } {
  if (arg === undefined || arg.trim() === '') return { ratio: 1 };
  const ratio = Number(arg);
  if (Number.isFinite(ratio) && ratio >= 0 && ratio <= 1) return { ratio };
  return { ratio: 1, warning: `OTEL_TRACES_SAMPLER_ARG=${arg} is not a ratio from 0 to 1: 1 is used` };
}

export function samplerFromEnv(name: string | undefined, arg: string | undefined): SamplerChoice {
  const chosen = (name ?? '').trim().toLowerCase() || 'parentbased_always_on';
  const parentBased = (root: Sampler) => new ParentBasedSampler({ root });
  switch (chosen) {
    case 'always_on':
      return { sampler: new AlwaysOnSampler() };
    case 'always_off':
      return { sampler: new AlwaysOffSampler() };
    case 'parentbased_always_on':
      return { sampler: parentBased(new AlwaysOnSampler()) };
    case 'parentbased_always_off':
      return { sampler: parentBased(new AlwaysOffSampler()) };
    case 'traceidratio':
    case 'parentbased_traceidratio': {
      const { ratio, warning } = ratioOf(arg);
      const root = new TraceIdRatioBasedSampler(ratio);
      return { sampler: chosen === 'traceidratio' ? root : parentBased(root), warning };
    }
    default:
      return { sampler: parentBased(new AlwaysOnSampler()), warning: `OTEL_TRACES_SAMPLER=${name} is not supported here: parentbased_always_on is used` };
  }
}
