import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

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
