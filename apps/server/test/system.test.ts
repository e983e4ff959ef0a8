import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndClose, markServing } from '../src/system/index.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('getHealth', () => {
  it('answers ok with the database kind', async () => {
    const response = await server.request('system', 'GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: server.kind });
  });
});

describe('liveness and readiness', () => {
  const saveMaintenance = async (maintenanceMode: boolean) => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const body = { publicUrl: null, supportEmail: null, defaultLanguage: 'en', maintenanceMode };
    expect((await server.request('system', 'PUT', '/settings/system', { session: superadmin, body })).status).toBe(200);
  };

  it('is live and ready while it serves, at any host', async () => {
    const live = await server.request('nowhere', 'GET', '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await server.request('nowhere', 'GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true });
  });

  it('is not ready in maintenance mode, and still live', async () => {
    await saveMaintenance(true);
    try {
      const ready = await server.request('acme', 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ ready: false, reason: 'maintenance' });
      expect((await server.request('acme', 'GET', '/health/live')).status).toBe(200);
    } finally {
      await saveMaintenance(false);
    }
    expect((await server.request('acme', 'GET', '/health/ready')).status).toBe(200);
  });

  it('is not ready while it migrates at start, then ready', async () => {
    const starting = await startTestServer({ phase: 'migrating' });
    try {
      const ready = await starting.request('system', 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ ready: false, reason: 'migrating' });
      expect((await starting.request('system', 'GET', '/health/live')).status).toBe(200);
      // Nothing else is served yet: its tables may not exist.
      const early = await starting.request('acme', 'GET', '/me');
      expect(early.status).toBe(503);
      expect(early.body.code).toBe('unavailable');
      // getHealth too, so whatever waits for it to start (scripts, older balancer checks) waits for the migration.
      expect((await starting.request('system', 'GET', '/health')).status).toBe(503);
      markServing(starting.app);
      expect((await starting.request('system', 'GET', '/health')).status).toBe(200);
      expect((await starting.request('system', 'GET', '/health/ready')).status).toBe(200);
      expect((await starting.request('acme', 'GET', '/me')).status).toBe(401);
    } finally {
      await starting.close();
    }
  });

  it('after SIGTERM: not ready at once, live while it drains, then no longer accepting', async () => {
    const stopping = await startTestServer();
    const closed = drainAndClose(stopping.app, 1_500);
    try {
      const ready = await stopping.request('system', 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ ready: false, reason: 'stopping' });
      expect((await stopping.request('system', 'GET', '/health/live')).status).toBe(200);
      // Requests in flight and new ones from a balancer that has not noticed yet are still answered.
      expect((await stopping.request('system', 'GET', '/health')).status).toBe(200);
    } finally {
      await closed;
    }
    await expect(fetch(`http://127.0.0.1:${stopping.port}/api/v1/health/live`)).rejects.toThrow();
    await stopping.close();
  });
});
