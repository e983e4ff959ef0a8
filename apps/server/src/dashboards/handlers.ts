// HTTP side of the dashboards: whose figures a caller may read, then the service (answers kept
// between writes on PGlite, see cache.ts).
import type { FastifyRequest } from 'fastify';
import { cachedRead } from '../kernel/db/process-cache.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { forbidden } from '../kernel/http/problem.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { DASHBOARD_CACHE, historyStore, watchLiveChanges } from './cache.ts';
import { readDashboard, windowOf, type DashboardFilter, type DashboardScope, type RangeFigures } from './service.ts';

function read(request: FastifyRequest, scope: Omit<DashboardScope, 'history'>, filter: DashboardFilter) {
  // Validate before the cache: a bad filter answers 400 every time.
  const window = windowOf(filter);
  watchLiveChanges(request.server);
  const key = JSON.stringify([scope.tenantId, window.startDate, window.endDate, window.timeZone]);
  return cachedRead(request.server.database, DASHBOARD_CACHE, key, () => readDashboard({ ...scope, history: historyStore<RangeFigures>(request.server) }, filter));
}

/** The caller's own tenant only, under its row-level security; at the system realm that is the platform's own (empty) tenant. */
async function dashboardInfo(request: OperationRequest<'dashboardInfo'>) {
  const { ctx } = request;
  return read(request, { run: ctx.db, tenantId: ctx.tenant.id, now: () => new Date() }, request.body);
}

/** Every tenant: only the platform super administrator, signed in at the system realm. */
async function superTenantDashboard(request: OperationRequest<'superTenantDashboard'>) {
  if (!isPlatformAdmin(request)) throw forbidden();
  return read(request, { run: (fn) => request.server.database.withPlatform(fn), tenantId: null, now: () => new Date() }, request.body);
}

export const dashboardsHandlers = { dashboardInfo, superTenantDashboard } satisfies OperationHandlers;
