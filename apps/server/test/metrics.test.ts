// GET /metrics (app/metrics.ts): served only with PORTAL_METRICS_TOKEN and to a scrape sending it,
// outside the request gate (while migrating, in maintenance mode); what it answers is read back
// with a Prometheus text-format parser (prom2javascript), as Prometheus reads it, not by matching strings.
import { getMetricsFromIterator, type PromData, type PromHistogramData, type PromMetric, type PromMetrics } from 'prom2javascript';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unconfiguredMedia } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { addMeeting, meetingBody, placeRoom } from './meetings-fixtures.ts';

const token = 'metrics-Token-0123456789';
const node = { name: 'janus-metrics', secret: 'events-Secret-1' };
const placeholder = '5eed0000-0000-4000-8000-00000000feed';
const sampleText = readFileSync(new URL('./fixtures/janus-events.json', import.meta.url), 'utf8');

type Scrape = { status: number; contentType: string | null; families: PromMetrics };

async function scrape(server: TestServer, authorization: string | null = `Bearer ${token}`): Promise<Scrape> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
  const text = await response.text();
  // The parser reads no NaN, a value the format allows (Prometheus reads prom-client's `Nan` too):
  // the event loop's lag is one when no sample was taken since the last scrape, a moment ago here.
  const lines = text.split('\n').filter((line) => !/ nan$/i.test(line));
  const families = response.status === 200 ? await getMetricsFromIterator(lines[Symbol.iterator]()) : {};
  return { status: response.status, contentType: response.headers.get('content-type'), families };
}

function family(scraped: Scrape, name: string): PromMetric {
  const found = scraped.families[name];
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
}

/** The series of `name` whose labels include `labels`; undefined when there is none. */
function series<T extends PromData | PromHistogramData>(scraped: Scrape, name: string, labels: Record<string, string>): T | undefined {
  const data = family(scraped, name).data as T[];
  return data.find((one) => Object.entries(labels).every(([key, value]) => one.labels[key] === value));
}

/** A counter's or gauge's value, 0 when the series does not exist (yet). */
const valueOf = (scraped: Scrape, name: string, labels: Record<string, string> = {}) => series<PromData>(scraped, name, labels)?.value ?? 0;
/** A histogram's count of observations, 0 when the series does not exist (yet). */
const countOf = (scraped: Scrape, name: string, labels: Record<string, string>) => series<PromHistogramData>(scraped, name, labels)?.count ?? 0;

describe('GET /metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: token }, media: { ...unconfiguredMedia, eventSenders: async () => [{ node: node.name, secret: node.secret }] } });
  });
  afterAll(() => server?.close());

  it('answers 401 without the token and with a wrong one', async () => {
    for (const authorization of [null, 'Bearer wrong-token-0123456789', `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, `Bearer ${token}x`]) {
      const scraped = await scrape(server, authorization);
      expect(scraped.status, String(authorization)).toBe(401);
    }
  });

  it('counts requests by operationId and status, with a latency histogram', async () => {
    const before = await scrape(server);
    expect(before.status).toBe(200);
    expect(before.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (let i = 0; i < 3; i++) expect((await server.request('nowhere', 'GET', '/health/live')).status).toBe(200);
    expect((await server.request('acme', 'GET', '/users')).status).toBe(401);
    const after = await scrape(server);

    const live = { operation: 'getLiveness', status: '200' };
    expect(family(after, 'portal_http_requests_total')).toMatchObject({ type: 'counter', help: expect.stringContaining('operation') });
    expect(valueOf(after, 'portal_http_requests_total', live) - valueOf(before, 'portal_http_requests_total', live)).toBe(3);
    expect(valueOf(after, 'portal_http_requests_total', { operation: 'getUsers', status: '401' }) - valueOf(before, 'portal_http_requests_total', { operation: 'getUsers', status: '401' })).toBe(1);

    expect(family(after, 'portal_http_request_duration_seconds').type).toBe('histogram');
    const latencies = series<PromHistogramData>(after, 'portal_http_request_duration_seconds', live);
    expect(Object.keys(latencies?.buckets ?? {})).toEqual(expect.arrayContaining(['0.005', '0.1', '1', '+Inf']));
    expect((latencies?.count ?? 0) - countOf(before, 'portal_http_request_duration_seconds', live)).toBe(3);
    expect(latencies?.buckets['+Inf']).toBe(latencies?.count);
    // Outside the contract the label is the route, never the URL as sent.
    expect(valueOf(after, 'portal_http_requests_total', { operation: 'GET /metrics', status: '200' })).toBeGreaterThan(0);
    expect((family(after, 'portal_http_requests_total').data as PromData[]).every((one) => !one.labels.operation?.includes('?'))).toBe(true);
  });

  it('shows a queued job by kind, then its completion', async () => {
    const kind = 'metrics.test';
    server.app.jobs.register(kind, async () => {});
    await server.database.withPlatform((tx) => server.app.jobs.enqueue(tx, { kind }));
    const queued = await scrape(server);
    expect(family(queued, 'portal_jobs').help).toContain('platform-wide');
    expect(valueOf(queued, 'portal_jobs', { kind, state: 'queued' })).toBe(1);

    await server.app.jobs.runDue();
    const done = await scrape(server);
    expect(series(done, 'portal_jobs', { kind })).toBeUndefined();
    expect(valueOf(done, 'portal_jobs_finished_total', { kind, outcome: 'done' })).toBe(1);
  });

  it('counts ingested media events by transport and outcome, their lag, and the live meeting on its node', async () => {
    const member = await server.login('acme', userEmail('acme', 'member'));
    const { id: meetingId } = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Measured meeting' }));
    await placeRoom(server, 'acme', meetingId, node.name);
    const events = JSON.parse(sampleText.replaceAll(placeholder, meetingId)) as unknown[];
    const before = await scrape(server);
    const posted = await server.request('system', 'POST', '/media/events', {
      host: `127.0.0.1:${server.port}`,
      body: events,
      headers: { authorization: `Basic ${Buffer.from(`${node.name}:${node.secret}`).toString('base64')}` },
    });
    expect(posted.status, posted.text).toBe(200);
    // Refused at the gate, before its body is read: one post counts one, as for the node's counters.
    const refused = await server.request('system', 'POST', '/media/events', { host: `127.0.0.1:${server.port}`, body: events.slice(0, 2), headers: {} });
    expect(refused.status).toBe(401);
    const after = await scrape(server);

    const grew = (labels: Record<string, string>) => valueOf(after, 'portal_media_events_total', labels) - valueOf(before, 'portal_media_events_total', labels);
    expect(grew({ transport: 'http', outcome: 'applied' })).toBe(posted.body.applied);
    expect(grew({ transport: 'http', outcome: 'ignored' })).toBe(posted.body.ignored);
    expect(grew({ transport: 'http', outcome: 'refused' })).toBe(1);
    expect(countOf(after, 'portal_media_event_lag_seconds', { transport: 'http' }) - countOf(before, 'portal_media_event_lag_seconds', { transport: 'http' })).toBe(events.length);
    expect(valueOf(after, 'portal_live_meetings', { node: node.name })).toBe(1);
    expect(family(after, 'portal_live_participants').type).toBe('gauge');
  });

  it('measures database transactions and reports the process', async () => {
    const scraped = await scrape(server);
    expect(countOf(scraped, 'portal_db_transaction_duration_seconds', { scope: 'tenant', outcome: 'commit' })).toBeGreaterThan(0);
    expect(countOf(scraped, 'portal_db_transaction_duration_seconds', { scope: 'platform', outcome: 'commit' })).toBeGreaterThan(0);
    expect(valueOf(scraped, 'portal_db_pool_connections_max')).toBe(server.kind === 'pglite' ? 1 : 10);
    expect(valueOf(scraped, 'portal_sse_connections_open')).toBe(0);
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) expect(scraped.families[name], name).toBeDefined();
  });

  it('answers while the server migrates (the process only) and in maintenance mode', async () => {
    server.app.lifecycle.phase = 'migrating';
    try {
      expect((await server.request('nowhere', 'GET', '/health')).status).toBe(503);
      const migrating = await scrape(server);
      expect(migrating.status).toBe(200);
      expect(migrating.families.portal_jobs?.data ?? []).toEqual([]);
      expect(migrating.families.portal_http_requests_total).toBeDefined();
    } finally {
      server.app.lifecycle.phase = 'serving';
    }
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const maintenance = async (maintenanceMode: boolean) =>
      expect((await server.request('system', 'PUT', '/settings/system', { session: superadmin, body: { publicUrl: null, supportEmail: null, defaultLanguage: 'en', maintenanceMode } })).status).toBe(200);
    await maintenance(true);
    try {
      expect((await server.request('acme', 'GET', '/users')).status).toBe(503);
      expect((await scrape(server)).status).toBe(200);
    } finally {
      await maintenance(false);
    }
  });
});

describe('GET /metrics without PORTAL_METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('is not there: 404, whatever is sent', async () => {
    expect((await scrape(server, null)).status).toBe(404);
    expect((await scrape(server)).status).toBe(404);
  });
});
