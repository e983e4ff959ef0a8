// An in-memory stand-in for the dashboards (openapi/src/paths/dashboards.yaml: dashboardInfo and
// superTenantDashboard), answering through the real api-client: each day of the asked range gets
// figures of its own, the cards add them up, and a range ending before it starts answers the
// server's 400 `end_before_start`.
import { installFakeApi, json, problem, type FakeRoutes } from '@portal/auth/testing';
import type { Schema } from '@portal/api-client';
import { notify } from '@portal/ui-kit';

type Dashboard = Schema<'Dashboard'>;
type Filter = Schema<'DashboardFilter'>;
export type FakeDashboardOperation = 'dashboardInfo' | 'superTenantDashboard';

export type FakeDashboardApiOptions = {
  /** No meetings in any period. */
  empty?: boolean;
  failing?: FakeDashboardOperation[];
  /** Answers other calls too, such as `GET /session` for the role. */
  routes?: FakeRoutes;
};

export type FakeDashboardApi = {
  requests: { operation: FakeDashboardOperation; body: Filter }[];
  requestsOf: (operation: FakeDashboardOperation) => Filter[];
};

const DAY = 86_400_000;

/** The dashboard the fake answers for a filter: meetings on weekdays only, 1 to 4 a day. */
export function fakeDashboard(filter: Filter, platform: boolean, empty = false): Dashboard {
  const start = Date.parse(`${filter.startDate}T00:00:00Z`);
  const length = Math.round((Date.parse(`${filter.endDate}T00:00:00Z`) - start) / DAY) + 1;
  const days = Array.from({ length }, (_, index) => {
    const at = new Date(start + index * DAY);
    const weekday = at.getUTCDay() % 6 !== 0;
    const meetings = empty || !weekday ? 0 : 1 + (at.getUTCDate() % 4);
    return { date: at.toISOString().slice(0, 10), meetings, hours: meetings * 2.5 };
  });
  const meetings = days.reduce((sum, day) => sum + day.meetings, 0);
  const hours = days.reduce((sum, day) => sum + day.hours, 0);
  const none = meetings === 0;
  return {
    startDate: filter.startDate,
    endDate: filter.endDate,
    timeZone: filter.timeZone ?? 'UTC',
    cards: { meetings, hours, participants: meetings * 4, users: none ? 0 : 12, tenants: platform ? (none ? 0 : 3) : null },
    topUsers: none
      ? []
      : [
          { userId: '00000000-0000-4000-8000-000000000001', name: 'Alice Martin', email: 'admin@acme.test', tenantName: 'Acme Corporation', meetings: 14, hosted: 9, hours: 11.5 },
          { userId: '00000000-0000-4000-8000-000000000002', name: 'Daniel Okafor', email: 'daniel.okafor@acme.test', tenantName: 'Acme Corporation', meetings: 9, hosted: 2, hours: 7 },
        ],
    topTenants:
      none || !platform
        ? []
        : [
            { tenantId: '00000000-0000-4000-8000-0000000000a1', name: 'Acme Corporation', meetings: Math.ceil(meetings / 2), users: 8, hours: hours / 2 },
            { tenantId: '00000000-0000-4000-8000-0000000000a2', name: 'Globex Corporation', meetings: Math.floor(meetings / 2), users: 4, hours: hours / 2 },
          ],
    platforms: none
      ? []
      : [
          { name: 'web', participants: meetings * 3 },
          { name: 'android', participants: meetings },
        ],
    operatingSystems: none
      ? []
      : [
          { name: 'Windows', participants: meetings * 2 },
          { name: 'Android', participants: meetings },
          { name: 'unknown', participants: meetings },
        ],
    days,
  };
}

export function installFakeDashboardApi(options: FakeDashboardApiOptions = {}): FakeDashboardApi {
  const requests: FakeDashboardApi['requests'] = [];
  const answer = (operation: FakeDashboardOperation) => async (request: Request) => {
    const body = (await request.json()) as Filter;
    requests.push({ operation, body });
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    if (body.endDate < body.startDate) {
      return problem(400, 'validation_failed', { errors: [{ field: 'endDate', code: 'end_before_start', message: 'Cannot Choose a Pre-Date for End Date' }] });
    }
    return json(fakeDashboard(body, operation === 'superTenantDashboard', options.empty));
  };
  installFakeApi({ ...options.routes, dashboardInfo: answer('dashboardInfo'), superTenantDashboard: answer('superTenantDashboard') });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation).map((r) => r.body) };
}

/** A story loader installing the fake; play functions read it with `loadedDashboardApi(loaded)`. */
export function fakeDashboardApiLoader(options: FakeDashboardApiOptions = {}): () => { api: FakeDashboardApi } {
  return () => {
    notify.clean();
    return { api: installFakeDashboardApi(options) };
  };
}

export const loadedDashboardApi = (loaded: Record<string, unknown>): FakeDashboardApi => loaded.api as FakeDashboardApi;
