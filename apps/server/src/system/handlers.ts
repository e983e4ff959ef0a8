// Liveness and readiness for load balancers and the portal's version line: answers 200 only
// when the database answers too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonResponse } from '../kernel/http/api.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { maintenanceMode } from '../settings/index.ts';
import { databaseAnswers } from './queries.ts';

async function getHealth(request: FastifyRequest): Promise<JsonResponse<'getHealth', 200>> {
  const { config, database } = request.server;
  try {
    await databaseAnswers(database);
  } catch (error) {
    request.log.error({ err: error }, 'database health check failed');
    throw new ProblemError(503, 'unavailable', { detail: 'The database does not answer' });
  }
  // Maintenance mode leaves the server healthy: it only closes the tenants' portals (app/routes.ts).
  return { status: 'ok', version: config.version, build: config.build, database: database.kind, maintenance: await maintenanceMode(database) };
}

/** Liveness: the process answers; nothing else is asked, so a slow database never gets it restarted. */
async function getLiveness(): Promise<JsonResponse<'getLiveness', 200>> {
  return { status: 'ok' };
}

type Readiness = JsonResponse<'getReadiness', 200>;

/** Readiness: whether this process should get traffic (system/lifecycle.ts), 503 with the reason when not. */
async function getReadiness(request: FastifyRequest, reply: FastifyReply): Promise<Readiness> {
  const { database, lifecycle } = request.server;
  const notReady = (reason: NonNullable<Readiness['reason']>) => {
    reply.code(503).header('cache-control', 'no-store');
    return { ready: false, reason };
  };
  if (lifecycle.phase !== 'serving') return notReady(lifecycle.phase);
  try {
    await databaseAnswers(database);
  } catch (error) {
    request.log.error({ err: error }, 'database readiness check failed');
    return notReady('database');
  }
  if (await maintenanceMode(database)) return notReady('maintenance');
  return { ready: true };
}

export const systemHandlers = { getHealth, getLiveness, getReadiness } satisfies OperationHandlers;
