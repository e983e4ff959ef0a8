// Where this server process is in its life, for the readiness probe (getReadiness): migrating at
// start, serving, or stopping after SIGTERM. Per process on purpose: readiness is about this
// process, not the platform, so it is the one thing here that is not in the database.
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../kernel/http/errors.ts';
import { probePaths } from '../kernel/http/probes.ts';
import { ProblemError } from '../kernel/http/problem.ts';

export type Phase = 'migrating' | 'serving' | 'stopping';
export type Lifecycle = { phase: Phase };

export function createLifecycle(phase: Phase = 'serving'): Lifecycle {
  return { phase };
}

/**
 * While it migrates, only the liveness and readiness probes (and /metrics) answer: everything else would meet
 * tables not made yet. getHealth is closed too (503), so whatever waits for it (scripts, older
 * balancer checks) waits until the server serves.
 */
export function closedWhileMigrating(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (app.lifecycle.phase !== 'migrating' || probePaths.includes(path)) return;
    reply.header('retry-after', '5');
    return sendProblem(request, reply, new ProblemError(503, 'unavailable', { detail: 'The server is starting: its database is being migrated' }));
  });
}

/** The migrations (and the first seed) are done: readiness answers 200 from now on. */
export function markServing(app: FastifyInstance): void {
  if (app.lifecycle.phase === 'migrating') app.lifecycle.phase = 'serving';
}

/**
 * The close path of SIGTERM: readiness answers 503 at once while the server goes on answering for
 * `drainMs` (PORTAL_SHUTDOWN_DELAY_SECONDS), so load balancers take this process out before it stops
 * accepting connections; then the app closes.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.phase = 'stopping';
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}
