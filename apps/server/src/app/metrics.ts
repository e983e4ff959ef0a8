// GET /metrics for Prometheus (README, Metrics): the process's metrics (kernel/metrics.ts) and the
// platform's gauges read from the database at scrape time. Served only with PORTAL_METRICS_TOKEN
// set, to a scrape sending it as its bearer token: without it there is no such path (404). A token
// on the main port rather than a port of its own: it passes the same proxies and TLS as the rest,
// and a second listener would need its own start, drain and close beside the app's.
//
// Outside the contract and its request gate, like the docs page: no tenant, no maintenance mode
// (an operator watches the platform most closely then), and it answers while the server migrates
// (system/lifecycle.ts), with the process's metrics only, the tables being not made yet.
//
// The database gauges are the platform's: every replica reads the same rows, so each says so in
// its help text and a dashboard takes max(), not sum(), across replicas.
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { sameSecret } from '../kernel/crypto/digest.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { jobDepth } from '../kernel/jobs/index.ts';
import { metricsPath, processMetrics } from '../kernel/metrics.ts';
import { liveLoadByNode } from '../live/index.ts';

const platformWide = '(platform-wide, read from the database at scrape time: the same on every replica, do not sum across them)';

function bearerOf(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

const unauthenticated = () =>
  new ProblemError(401, 'unauthenticated', { detail: 'Send PORTAL_METRICS_TOKEN as the bearer token', headers: { 'www-authenticate': 'Bearer realm="metrics"' } });

type PlatformGauges = { registry: Registry; read: () => Promise<void> };

/**
 * The gauges read from the database, in a registry of this app (tests run several apps in one
 * process), set by `read` before each scrape: two gauges come from one grouped read, and prom-client
 * collects a registry's metrics side by side, so a collect() of one could not wait for the other's.
 */
function platformGauges(app: FastifyInstance): PlatformGauges {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[]) => new Gauge({ name, help: `${help} ${platformWide}`, labelNames, registers: [registry] });
  const jobs = gauge('portal_jobs', 'Jobs in the queue by kind and state (queued: due; scheduled: not due yet; running; retrying: after a failed attempt; failed: for good)', ['kind', 'state']);
  const meetings = gauge('portal_live_meetings', 'Running meetings (sessions not ended) by media node', ['node']);
  const participants = gauge('portal_live_participants', 'Participants in running meetings by media node', ['node']);

  // A read that fails (the database away) leaves its gauges empty for this scrape; the rest is served.
  const readInto = async <T>(gauges: Gauge[], read: () => Promise<T[]>, set: (row: T) => void) => {
    for (const one of gauges) one.reset();
    try {
      for (const row of await read()) set(row);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics not read from the database for this scrape');
    }
  };
  const read = async () => {
    // While migrating, the tables may not be made yet: the process's metrics only.
    if (app.lifecycle.phase === 'migrating') return;
    await readInto([jobs], () => jobDepth(app.database, app.jobs.now()), (row) => jobs.set({ kind: row.kind, state: row.state }, row.count));
    await readInto([meetings, participants], () => liveLoadByNode(app.database), (row) => {
      meetings.set({ node: row.node }, row.meetings);
      participants.set({ node: row.node }, row.participants);
    });
  };
  return { registry, read };
}

export function registerMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  if (token === null) return;
  const platform = platformGauges(app);
  // Merged at each scrape: a metric registered later (a module loaded late) is in the next one.
  const render = () => Registry.merge([processMetrics, platform.registry]).metrics();
  // Scrapes at the same moment (two Prometheus servers) share one reading: the gauges are set per read.
  let scraping: Promise<string> | null = null;
  const scrape = () => (scraping ??= platform.read().then(render).finally(() => (scraping = null)));
  app.get(metricsPath, async (request, reply) => {
    const given = bearerOf(request.headers.authorization);
    if (given === null || !sameSecret(given, token)) throw unauthenticated();
    const text = await scrape();
    return reply.type(processMetrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
