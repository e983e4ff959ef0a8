// The built component catalogue next to the portal's build is served at /storybook/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('Storybook at /storybook/', () => {
  let server: TestServer;
  const builds = mkdtempSync(join(tmpdir(), 'portal-storybook-'));
  beforeAll(async () => {
    mkdirSync(join(builds, 'dist'));
    writeFileSync(join(builds, 'dist', 'index.html'), '<!doctype html><title>Portal</title>');
    mkdirSync(join(builds, 'storybook-static'));
    writeFileSync(join(builds, 'storybook-static', 'index.html'), '<!doctype html><title>Storybook</title><script>window.CONFIG_TYPE = "PRODUCTION";</script>');
    writeFileSync(join(builds, 'storybook-static', 'index.json'), '{"v":5,"entries":{}}');
    server = await startTestServer({ config: { portalDist: join(builds, 'dist') } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(builds, { recursive: true, force: true });
  });

  it('serves the catalogue with a policy that lets its inline scripts run', async () => {
    const page = await fetch(`${server.baseUrl}/storybook/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Storybook</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
    const index = await fetch(`${server.baseUrl}/storybook/index.json`);
    expect(await index.json()).toEqual({ v: 5, entries: {} });
    expect((await fetch(`${server.baseUrl}/storybook`, { redirect: 'manual' })).headers.get('location')).toBe('/storybook/');
  });

  it('keeps the portal strict', async () => {
    const page = await fetch(`${server.baseUrl}/portal/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('is not served in production unless PORTAL_SERVE_STORYBOOK turns it on', async () => {
    const { serveStorybook } = loadConfig({ NODE_ENV: 'production' });
    expect(serveStorybook).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PORTAL_SERVE_STORYBOOK: 'true' }).serveStorybook).toBe(true);
    const production = await startTestServer({ config: { portalDist: join(builds, 'dist'), serveStorybook } });
    try {
      expect((await fetch(`${production.baseUrl}/storybook/`)).status).toBe(404);
      expect((await fetch(`${production.baseUrl}/storybook/index.json`)).status).toBe(404);
      expect((await fetch(`${production.baseUrl}/portal/`)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
