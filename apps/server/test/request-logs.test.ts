// What the server log says about requests (issue 29, §4): one debug line per request, so `info`
// stays readable under traffic, and every 5xx at `error` with the request id the client saw.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logSerializers } from '../src/kernel/http/log-redaction.ts';
import { startTestServer } from './harness.ts';

type LogLine = { level: number; msg: string; reqId?: string; res?: { statusCode?: number }; req?: { url?: string } };
const levels = { debug: 20, info: 30, error: 50 };

function capturedLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

describe('request logs', () => {
  it('logs each request once at debug, and nothing per request at info', async () => {
    const { lines, stream } = capturedLog();
    const server = await startTestServer({ logger: { level: 'debug', stream, serializers: logSerializers } });
    try {
      const response = await server.request('system', 'GET', '/api/v1/health');
      expect(response.status).toBe(200);
      const mine = lines.filter((line) => line.reqId === response.headers['x-request-id']);
      expect(mine.filter((line) => line.level >= levels.info)).toEqual([]);
      expect(mine.filter((line) => line.level === levels.debug && line.req?.url === '/api/v1/health' && line.res?.statusCode === 200)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('logs an answer of 500 at error with the request id the client was given', async () => {
    const { lines, stream } = capturedLog();
    const server = await startTestServer({
      logger: { level: 'info', stream, serializers: logSerializers },
      handlers: {
        getHealth: async () => {
          throw new Error('the disk is on fire');
        },
      },
    });
    try {
      const response = await server.request('system', 'GET', '/api/v1/health', { headers: { 'x-request-id': 'lb-trace-0123456789' } });
      expect(response.status).toBe(500);
      expect(response.headers['x-request-id']).toBe('lb-trace-0123456789');
      const errors = lines.filter((line) => line.level === levels.error);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((line) => line.reqId === 'lb-trace-0123456789')).toBe(true);
      expect(errors.some((line) => line.res?.statusCode === 500 && line.req?.url === '/api/v1/health')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
