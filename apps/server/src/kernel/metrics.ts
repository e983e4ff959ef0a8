// The process's Prometheus metrics (README, Metrics): one registry, which every domain adds its
// counters and histograms to where the thing counted happens (a request answered, a transaction
// ended, a job finished, a mail sent). They count this process only, which is what Prometheus
// wants: it scrapes each replica and sums them itself. The gauges read from the database at scrape
// time (queue depth, live meetings) are another matter: they are the platform's, the same on every
// replica, and belong to the app that scrapes (app/metrics.ts), not here.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

/** Where Prometheus scrapes (app/metrics.ts): outside /api/v1 and its contract, like the docs page. */
export const metricsPath = '/metrics';

export const processMetrics = new Registry();

// Node's own (CPU, memory, event loop lag, GC, handles), under the names dashboards for Node expect.
collectDefaultMetrics({ register: processMetrics });

/** Seconds from milliseconds, the unit Prometheus durations are in. */
export const seconds = (ms: number) => ms / 1000;

export const counter = <L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>) => new Counter<L>({ ...config, registers: [processMetrics] });

export const gauge = <L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>) => new Gauge<L>({ ...config, registers: [processMetrics] });

export const histogram = <L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>) => new Histogram<L>({ ...config, registers: [processMetrics] });

/** From a millisecond to ten seconds: requests and transactions. */
export const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
