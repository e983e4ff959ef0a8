// What the error handler answers for database errors that reach it unhandled.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/kernel/http/errors.ts';

async function answerFor(error: Error) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, body: response.json<{ code: string; detail?: string }>() };
}

// Drizzle wraps the driver's error, which carries the SQLSTATE, in `cause`.
const wrapped = (code: string) => new Error('Failed query', { cause: Object.assign(new Error('driver'), { code }) });

describe('database errors', () => {
  it('answers a unique value taken by a concurrent request with 409 conflict, not 500', async () => {
    const { status, body } = await answerFor(wrapped('23505'));
    expect(status).toBe(409);
    expect(body.code).toBe('conflict');
  });

  it('answers a refused value (class 22) with 400 and anything else with a bare 500', async () => {
    expect((await answerFor(wrapped('22P05'))).status).toBe(400);
    const other = await answerFor(wrapped('53300'));
    expect(other.status).toBe(500);
    expect(other.body.code).toBe('internal');
  });
});
