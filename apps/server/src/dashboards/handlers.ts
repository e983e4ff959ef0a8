// HTTP side of the dashboards: whose figures a caller may read, then the service.
import type { OperationHandlers } from '../http/handler.ts';
import { forbidden } from '../http/problem.ts';
import { isPlatformAdmin } from '../tenancy/platform-admin.ts';
import { readDashboard } from './service.ts';

export const dashboardsHandlers: OperationHandlers = {
  /** The caller's own tenant only, under its row-level security; at the system realm that is the platform's own (empty) tenant. */
  async dashboardInfo(request) {
    const { ctx } = request;
    return readDashboard({ run: ctx.db, tenantId: ctx.tenant.id, now: () => new Date() }, request.body);
  },

  /** Every tenant: only the platform super administrator, signed in at the system realm. */
  async superTenantDashboard(request) {
    if (!isPlatformAdmin(request)) throw forbidden();
    return readDashboard({ run: (fn) => request.server.database.withPlatform(fn), tenantId: null, now: () => new Date() }, request.body);
  },
};
