import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from '../src/kernel/http/log-redaction.ts';
import { startTestServer } from './harness.ts';

describe('request log redaction', () => {
  it('removes token and tmpid values from logged urls and keeps the rest', () => {
    expect(redactUrl('/portal/auth/reset-password?token=abc.DEF-123&lang=fr')).toBe('/portal/auth/reset-password?token=[redacted]&lang=fr');
    expect(redactUrl('/x?a=1&TMPID=s3cret#frag')).toBe('/x?a=1&TMPID=[redacted]#frag');
    expect(redactUrl('/api/v1/users?q=token')).toBe('/api/v1/users?q=token');
    expect(redactUrl('/api/v1/shared-recordings/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/video?grant=id.123.sig')).toBe(
      '/api/v1/shared-recordings/[redacted]/video?grant=[redacted]',
    );
    expect(redactUrl('/portal/recording/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde')).toBe('/portal/recording/[redacted]');
  });

  it('never writes a set-password token to the server log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const server = await startTestServer({ logger: { level: 'debug', stream, serializers: logSerializers } });
    try {
      await server.request('system', 'GET', '/portal/auth/reset-password?token=very-secret-token-value');
      expect(lines.join('')).toContain('reset-password');
      expect(lines.join('')).not.toContain('very-secret-token-value');
    } finally {
      await server.close();
    }
  });
});
