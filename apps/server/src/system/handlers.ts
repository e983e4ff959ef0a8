// Liveness and readiness for load balancers and the portal's version line: answers 200 only
// when the database answers too.
import type { FastifyRequest } from 'fastify';
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

export const systemHandlers = { getHealth } satisfies OperationHandlers;
