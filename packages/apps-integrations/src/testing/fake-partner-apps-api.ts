// An in-memory stand-in for the partner apps of openapi/portal.yaml (/tenants/{tenantId}/apps),
// answering through the real api-client and following the server's rules
// (apps/server/src/tenants/partner-apps.ts): the contract's patterns, each app's own settings, 409
// for an app already there, 404 for one that is not, the API key answered as `hasApiKey` only,
// and the tenant's `neosound`/`slack` features following the apps.
import type { Schema } from '@portal/api-client';
import { fakeCurrentUser, installFakeApi, json as reply, problem as problemReply, type FakeReply, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type TenantApp = Schema<'TenantApp'>;
type PartnerAppId = Schema<'PartnerAppId'>;
type Settings = Schema<'TenantAppUpdate'>;
type Permission = Schema<'Permission'>;
type FieldError = { field: string; code: string };

export type FakePartnerAppsOperation = 'getTenantApps' | 'installTenantApp' | 'updateTenantApp' | 'removeTenantApp';
export type FakePartnerAppsRequest = { operation: FakePartnerAppsOperation; method: string; path: string; body: unknown };

export type FakePartnerAppsApiOptions = {
  /** The tenants the fake knows (another answers 404); the tenants named in `tenantApps` are known too. */
  tenantIds?: string[];
  /** Installed or uninstalled apps by tenant id; an app not listed is not installed. */
  tenantApps?: Record<string, TenantApp[]>;
  failing?: FakePartnerAppsOperation[];
  /** Operations that answer 400 `validation_failed` whatever they are sent. */
  refusing?: FakePartnerAppsOperation[];
  /** The signed-in user's permissions, instead of every partner-app permission. */
  permissions?: Permission[];
};

export type FakePartnerAppsApi = {
  requests: FakePartnerAppsRequest[];
  requestsOf: (operation: FakePartnerAppsOperation) => FakePartnerAppsRequest[];
  /** Each tenant's partner-app features (`neosound`, `slack`), as the server switches them with the apps. */
  features: Record<string, Partial<Record<PartnerAppId, boolean>>>;
};

const PARTNER_APP_PERMISSIONS: Permission[] = ['tenant.partner_app.get', 'tenant.partner_app.put', 'tenant.partner_app.update', 'tenant.partner_app.delete'];
const json = (status: number, body: unknown): FakeReply => (status === 204 ? { status } : reply(body, status));
const problem = (status: number, code: string, errors?: FieldError[]): FakeReply => problemReply(status, code, errors ? { errors } : {});

const APPS: readonly PartnerAppId[] = ['neosound', 'slack'];
const FIELDS: Record<PartnerAppId, ReadonlyArray<keyof Settings>> = { neosound: ['apiKey', 'region'], slack: ['teamId', 'command'] };
const PATTERNS: Partial<Record<keyof Settings, [RegExp, string]>> = {
  apiKey: [/^[!-~]{16,200}$/, 'invalid_api_key'],
  teamId: [/^T[A-Z0-9]{6,20}$/, 'invalid_team_id'],
  command: [/^\/[a-z0-9_-]{1,31}$/, 'invalid_slash_command'],
};
const NOW = '2025-03-01T10:00:00.000Z';

/** An installed app as getTenantApps answers it, with the settings its app has. */
export function fakeTenantApp(app: PartnerAppId, overrides: Partial<TenantApp> = {}): TenantApp {
  const settings = app === 'neosound' ? { region: 'eu' as const, hasApiKey: true } : { teamId: 'T024BE7LD', command: '/meet' };
  return { app, state: 'installed', settings, installedAt: NOW, updatedAt: NOW, ...overrides };
}

function settingErrors(app: PartnerAppId, input: Settings, installing: boolean): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, [pattern, code]] of Object.entries(PATTERNS) as Array<[keyof Settings, [RegExp, string]]>) {
    const value = input[field];
    if (value !== undefined && value !== '' && !pattern.test(String(value))) errors.push({ field, code });
  }
  if (input.region !== undefined && input.region !== 'eu' && input.region !== 'us') errors.push({ field: 'region', code: 'invalid_value' });
  for (const other of APPS.filter((a) => a !== app)) {
    for (const field of FIELDS[other]) if (input[field] !== undefined) errors.push({ field, code: 'invalid_value' });
  }
  if (installing) for (const field of FIELDS[app]) if (!input[field]) errors.push({ field, code: 'required' });
  return errors;
}

export function installFakePartnerAppsApi(options: FakePartnerAppsApiOptions = {}): FakePartnerAppsApi {
  const stored = new Map<string, TenantApp[]>(Object.entries(structuredClone(options.tenantApps ?? {})));
  const features: FakePartnerAppsApi['features'] = {};
  const requests: FakePartnerAppsRequest[] = [];
  const appsOf = (tenantId: string) => {
    let list = stored.get(tenantId);
    if (!list) {
      list = [];
      stored.set(tenantId, list);
    }
    return list;
  };
  const listOf = (tenantId: string): TenantApp[] =>
    APPS.map((app) => appsOf(tenantId).find((a) => a.app === app) ?? { app, state: 'not_installed', settings: null, installedAt: null, updatedAt: null });

  function handle(operation: FakePartnerAppsOperation, tenantId: string, app: PartnerAppId | undefined, body: unknown): FakeReply {
    if (operation === 'getTenantApps' || !app) return json(200, { items: listOf(tenantId) });
    const list = appsOf(tenantId);
    const current = list.find((a) => a.app === app);
    const changed = (next: TenantApp | undefined) => {
      features[tenantId] = { ...features[tenantId], [app]: next?.state === 'installed' };
      return next;
    };
    switch (operation) {
      case 'installTenantApp': {
        const input = body as Settings;
        const errors = settingErrors(app, input, true);
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        if (current) return problem(409, 'app_installed');
        const created = fakeTenantApp(app, app === 'neosound' ? { settings: { region: input.region, hasApiKey: true } } : { settings: { teamId: input.teamId, command: input.command } });
        list.push(created);
        return json(201, changed(created));
      }
      case 'updateTenantApp': {
        const { state, apiKey, ...input } = body as Settings;
        const errors = settingErrors(app, { ...input, apiKey }, false);
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        if (!current) return problem(404, 'not_found');
        Object.assign(current, { state: state ?? current.state, settings: { ...current.settings, ...input, ...(apiKey ? { hasApiKey: true } : {}) } });
        return json(200, changed(current));
      }
      case 'removeTenantApp':
        if (!current) return problem(404, 'not_found');
        list.splice(list.indexOf(current), 1);
        changed(undefined);
        return json(204, null);
    }
  }

  const tenantIds = new Set([...(options.tenantIds ?? []), ...stored.keys()]);
  const route = (operation: FakePartnerAppsOperation) => async (request: Request, params: { tenantId: string; app?: string }) => {
    const app = APPS.find((known) => known === params.app);
    if (!tenantIds.has(params.tenantId) || (params.app !== undefined && !app)) return problem(404, 'not_found');
    const { method } = request;
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const body: unknown = method === 'GET' || method === 'DELETE' ? undefined : await request.json();
    requests.push({ operation, method, path, body });
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    if (options.refusing?.includes(operation)) return problem(400, 'validation_failed');
    return handle(operation, params.tenantId, app, body);
  };
  const routes: FakeRoutes = {
    getTenantApps: route('getTenantApps'),
    installTenantApp: route('installTenantApp'),
    updateTenantApp: route('updateTenantApp'),
    removeTenantApp: route('removeTenantApp'),
    getCurrentUser: reply(fakeCurrentUser({ permissions: options.permissions ?? PARTNER_APP_PERMISSIONS })),
  };
  installFakeApi(routes);
  return { requests, requestsOf: (operation) => requests.filter((request) => request.operation === operation), features };
}

/** A story loader installing a fresh fake on every run (installing and removing change what it holds); play functions read it as `loaded.api`. */
export function fakePartnerAppsApiLoader(options: FakePartnerAppsApiOptions = {}): () => { api: FakePartnerAppsApi } {
  return () => {
    notify.clean();
    return { api: installFakePartnerAppsApi(options) };
  };
}

export const loadedPartnerAppsApi = (loaded: Record<string, unknown>): FakePartnerAppsApi => loaded.api as FakePartnerAppsApi;
