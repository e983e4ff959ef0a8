// Tracing (README, Tracing; issue 29 §4): the real server, started as an operator starts it, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver run here, sends its spans there by
// the time it has stopped on SIGTERM: each request's span named by its operation, with its route and
// status, the service's name, its database transactions as children, the tokens of links left out,
// a caller's trace continued. Without the variable, no OpenTelemetry package but the API is loaded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../src/app/main.ts', import.meta.url));
const moduleReport = fileURLToPath(new URL('./fixtures/report-opentelemetry-modules.mjs', import.meta.url));
const adminEmail = 'root@portal.localhost';
const adminPassword = 'Tracing-Passw0rd';

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: OtlpAttribute[] };
type OtlpExport = { resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

/** A span as the test reads it: its attributes as plain values, and its service's name. */
type ReceivedSpan = Omit<OtlpSpan, 'attributes'> & { attributes: Record<string, unknown>; service: unknown };

const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/** An OTLP/HTTP trace receiver on loopback: POST /v1/traces with the JSON encoding, as the exporter sends it. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; paths: string[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
      request.on('error', reject);
    });
  const server: Server = createServer((request, response) => {
    paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
    void read(request).then((body) => {
      const received = JSON.parse(body) as OtlpExport;
      for (const { resource, scopeSpans } of received.resourceSpans) {
        const service = attributesOf(resource.attributes)['service.name'];
        for (const { spans: batch } of scopeSpans) for (const span of batch) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Started = { port: number; output: () => string; stop: () => Promise<number | null> };

/** The server as `pnpm start` runs it, on PGlite in a new DATA_DIR, with the OpenTelemetry packages it loads reported on stderr. */
function startServer(dataDir: string, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--conditions=@portal/source', '--import', moduleReport, main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      PORTAL_DEMO: 'false',
      PORTAL_SIMULATOR: 'false',
      PORTAL_ADMIN_EMAIL: adminEmail,
      PORTAL_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_SERVICE_NAME: '',
      OTEL_RESOURCE_ATTRIBUTES: '',
      OTEL_TRACES_SAMPLER: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\/portal\//.exec(output);
      if (match) resolve({ port: Number(match[1]), output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
  });
}

const loadedPackages = (output: string) => [...output.matchAll(/^opentelemetry package loaded: (\S+)$/gm)].map((match) => match[1]!).sort();

const temporary: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tracing-'));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let output = '';
  let exitCode: number | null = null;
  // A trace a caller began (W3C traceparent), which the server's span goes on.
  const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';

  beforeAll(async () => {
    receiver = await startReceiver();
    const server = await startServer(newDir(), { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    const base = `http://127.0.0.1:${server.port}/api/v1`;
    try {
      expect((await fetch(`${base}/health?token=Secret-Link-Token`, { headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` } })).status).toBe(200);
      const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: adminPassword }) });
      expect(login.status).toBe(200);
      const refused = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: 'Wrong-Passw0rd' }) });
      expect(refused.status).toBe(401);
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      await fetch(`${base}/shared-recordings/SecretShareToken0123456789`);
    } finally {
      // The batch processor sends every 5 s: what arrives before the exit is what the shutdown flushed.
      exitCode = await server.stop();
      output = server.output();
    }
  }, 120_000);

  afterAll(() => receiver.close());

  it('stops cleanly and has sent its spans by then, to /v1/traces as JSON', () => {
    expect(exitCode, output).toBe(0);
    expect(receiver.paths.length, output).toBeGreaterThan(0);
    for (const path of receiver.paths) expect(path).toBe('POST /v1/traces application/json');
  });

  it("names each request's span by its operation, with its route, status and the service's name", () => {
    const health = receiver.spans.find((span) => span.name === 'getHealth');
    expect(health, receiver.spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(health!.service).toBe('portal-server');
    expect(health!.kind).toBe(2); // SERVER
    expect(health!.attributes).toMatchObject({ 'http.route': '/api/v1/health', 'http.request.method': 'GET', 'http.response.status_code': 200, 'portal.operation': 'getHealth' });

    const logins = receiver.spans.filter((span) => span.name === 'loginUser');
    expect(logins.map((span) => span.attributes['http.response.status_code']).sort()).toEqual([200, 401]);
  });

  it("gives a request's database transactions as its children", () => {
    const login = receiver.spans.find((span) => span.name === 'loginUser' && span.attributes['http.response.status_code'] === 200)!;
    const transactions = receiver.spans.filter((span) => span.parentSpanId === login.spanId && span.name.startsWith('db transaction '));
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions[0]!.traceId).toBe(login.traceId);
    expect(transactions[0]!.attributes['db.system.name']).toBe('postgresql');
  });

  it("leaves the link's token out of the span, goes on with the caller's trace, and makes none for the probes", () => {
    const health = receiver.spans.find((span) => span.name === 'getHealth')!;
    expect(health.attributes['url.query']).toBe('token=[redacted]');
    expect(JSON.stringify(receiver.spans)).not.toContain('Secret-Link-Token');
    const shared = receiver.spans.find((span) => String(span.attributes['url.path']).startsWith('/api/v1/shared-recordings/'));
    expect(shared?.attributes['url.path']).toBe('/api/v1/shared-recordings/[redacted]');
    expect(JSON.stringify(receiver.spans)).not.toContain('SecretShareToken0123456789');
    expect(health.traceId).toBe(callerTrace);
    expect(receiver.spans.filter((span) => span.name === 'getLiveness' || String(span.attributes['url.path']).endsWith('/health/live'))).toEqual([]);
  });

  it('loads the SDK, the exporter and the HTTP instrumentation (what the check below sees absent)', () => {
    expect(loadedPackages(output)).toEqual(expect.arrayContaining(['@opentelemetry/api', '@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/instrumentation-http']));
  });
});

describe('tracing off (no OTLP endpoint)', () => {
  it('serves with no OpenTelemetry package loaded but the no-op API', async () => {
    const server = await startServer(newDir(), {});
    const health = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`).finally(() => server.stop());
    expect(health.status).toBe(200);
    expect(await server.stop(), server.output()).toBe(0);
    expect(loadedPackages(server.output())).toEqual(['@opentelemetry/api']);
  }, 120_000);
});
