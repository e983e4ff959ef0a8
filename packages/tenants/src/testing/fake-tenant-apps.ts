// The partner-apps part of the tenants fake (openapi/portal.yaml /tenants/{tenantId}/apps),
// following the server's rules (apps/server/src/tenants/partner-apps.ts): the contract's patterns,
// each app's own settings, 409 for an app already there, 404 for one that is not, the API key
// answered as `hasApiKey` only, and the tenant's `neosound`/`slack` features following the apps.
import type { Schema } from '@portal/api-client';
import { json, problem } from './fake-responses';

type Tenant = Schema<'Tenant'>;
type TenantApp = Schema<'TenantApp'>;
type PartnerAppId = Schema<'PartnerAppId'>;
type Settings = Schema<'TenantAppUpdate'>;

export type FakeTenantAppsOperation = 'getTenantApps' | 'installTenantApp' | 'updateTenantApp' | 'removeTenantApp';

export type FakeTenantAppsOptions = {
  /** Installed or uninstalled apps by tenant id; an app not listed is not installed. */
  tenantApps?: Record<string, TenantApp[]>;
};

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

export function appsOperationOf(method: string, path: string): FakeTenantAppsOperation | undefined {
  if (/^\/tenants\/[^/]+\/apps$/.test(path)) return 'getTenantApps';
  if (/^\/tenants\/[^/]+\/apps\/[^/]+$/.test(path)) return method === 'PUT' ? 'installTenantApp' : method === 'PATCH' ? 'updateTenantApp' : 'removeTenantApp';
  return undefined;
}

function settingErrors(app: PartnerAppId, input: Settings, installing: boolean): Array<{ field: string; code: string }> {
  const errors: Array<{ field: string; code: string }> = [];
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

export function createFakeTenantApps(options: FakeTenantAppsOptions = {}) {
  const stored = new Map<string, TenantApp[]>(Object.entries(structuredClone(options.tenantApps ?? {})));
  const appsOf = (tenant: Tenant) => {
    let list = stored.get(tenant.id);
    if (!list) {
      list = [];
      stored.set(tenant.id, list);
    }
    return list;
  };
  const listOf = (tenant: Tenant): TenantApp[] =>
    APPS.map((app) => appsOf(tenant).find((a) => a.app === app) ?? { app, state: 'not_installed', settings: null, installedAt: null, updatedAt: null });

  function handle(operation: FakeTenantAppsOperation, tenant: Tenant, path: string, body: unknown): Response {
    if (operation === 'getTenantApps') return json(200, { items: listOf(tenant) });
    const app = path.split('/').at(-1) as PartnerAppId;
    if (!APPS.includes(app)) return problem(400, 'validation_failed', [{ field: 'app', code: 'invalid_value' }]);
    const list = appsOf(tenant);
    const current = list.find((a) => a.app === app);
    const changed = (next: TenantApp | undefined) => {
      tenant.features = { ...tenant.features, [app]: next?.state === 'installed' };
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

  return { handle };
}
