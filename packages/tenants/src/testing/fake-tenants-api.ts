// An in-memory stand-in for the tenant parts of openapi/portal.yaml (tenants, their SMTP server,
// brand, theme, mobile and desktop apps, their users' CSV import and export, the caller's
// SSO providers, /me and the tenant info), answering through the real api-client like the other fakes, so stories and tests run the
// portal's own request code.
import { configureApi, type Schema } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { operationAmong } from '@portal/auth/testing';
import { json, problem } from './fake-responses';
import { createFakeImportJobs, usersCsvResponse, type FakeImportRow } from './fake-user-rules';
import { fakeRole } from './fake-roles-api';
import { fakeUserPage } from './fake-users-api';
import { brandingOperationOf, createFakeBranding, type FakeBrandingOperation, type FakeBrandingOptions, type FakeUpload } from './fake-tenant-branding';

type Tenant = Schema<'Tenant'>;
type TenantSmtp = Schema<'TenantSmtp'>;
type SsoProvider = Schema<'SsoProvider'>;
type SsoProviderCreate = Schema<'SsoProviderCreate'>;
type User = Schema<'User'>;
type CurrentUser = Schema<'CurrentUser'>;
type Role = Schema<'Role'>;
type TenantDefaults = Schema<'TenantDefaults'>;

/** The operations this fake answers, by the contract's operationId. */
const TENANTS_OPERATIONS = ['getTenants', 'addTenant', 'getTenant', 'updateTenant', 'deleteTenant', 'getTenantSMTP', 'addTenantSMTP', 'updateTenantSMTP', 'sendTenantTestMail', 'getTenantRoles', 'getDefaults', 'getTenantSSO', 'addTenantSSO', 'updateTenantSSO', 'getTenantSsoProviders', 'addTenantSsoProvider', 'updateTenantSsoProvider', 'getTenantUsers', 'getUserRoles', 'startTenantUserImport', 'getTenantUserImport', 'exportTenantUsers', 'getTenantInfo'] as const;
export type FakeTenantsOperation = (typeof TENANTS_OPERATIONS)[number] | FakeBrandingOperation;
/** `body` is the parsed JSON, a `FakeUpload` for an image body, or the text of a CSV body. */
export type FakeTenantsRequest = { operation: FakeTenantsOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeTenantsApiOptions = FakeBrandingOptions & {
  tenants?: Tenant[];
  smtp?: Record<string, TenantSmtp>;
  sso?: SsoProvider[];
  /** Other tenants' SSO providers, by tenant id (none by default). */
  tenantSso?: Record<string, SsoProvider[]>;
  /** Each tenant's users, by tenant id; a tenant not named has its administrator only. */
  tenantUsers?: Record<string, User[]>;
  /** Who is signed in: the platform super administrator (default) or a tenant administrator of `tenants[0]`. */
  as?: 'platform' | 'tenantadmin';
  /** The test mail's answer: delivered, or the SMTP server's error text. */
  testMail?: { delivered: boolean; message: string };
  failing?: FakeTenantsOperation[];
  /** Operations that answer 400 `validation_failed` whatever they are sent. */
  refusing?: FakeTenantsOperation[];
  /** The signed-in user's permissions, instead of every tenant permission. */
  permissions?: string[];
  /** Each tenant's roles, by tenant id; a tenant not named has `fakeTenantRoles` of its own. */
  tenantRoles?: Record<string, Role[]>;
  /** What getDefaults answers, instead of `fakeTenantDefaults`. */
  defaults?: TenantDefaults;
};
export type FakeTenantsApi = {
  requests: FakeTenantsRequest[];
  requestsOf: (operation: FakeTenantsOperation) => FakeTenantsRequest[];
  tenants: Tenant[];
  /** The caller's tenant's SSO providers as stored (secrets are not kept). */
  sso: SsoProvider[];
  /** Other tenants' SSO providers as stored, by tenant id. */
  tenantSso: Record<string, SsoProvider[]>;
  /** Users imported into each tenant, by tenant id. */
  imported: Record<string, FakeImportRow[]>;
};

const uuid = (n: number) => `00000000-0000-4000-8000-7e7e${String(n).padStart(8, '0')}`;
export const FAKE_GENERATED_PASSWORD = 'Gen3rated-Pass';
const RESERVED = new Set(['system', 'www', 'api']);
const TENANT_PERMISSIONS = ['default', 'smtp', 'brand', 'client', 'partner_app'].flatMap((area) => ['get', 'put', 'update', 'delete'].map((action) => `tenant.${area}.${action}`));
const DEFAULT_PERMISSIONS = [...TENANT_PERMISSIONS, 'tenant.sso.get', 'tenant.sso.put', 'tenant.sso.update', 'user.get', 'user.put'];
/** Tenant features that only installing or removing a partner app changes. */
const PARTNER_APP_FLAGS = ['neosound', 'slack'];
/** The roles of every fake tenant, for SSO role mappings. */
const FAKE_ROLE_NAMES = ['admin', 'member'];

export function fakeTenant(n: number, overrides: Partial<Tenant> = {}): Tenant {
  const sname = overrides.sname ?? `tenant${n}`;
  return {
    id: uuid(n),
    sname,
    name: `Tenant ${n}`,
    brandname: `Tenant ${n} Meet`,
    address: null,
    country: 'FR',
    status: 'active',
    dialIn: false,
    dialOut: false,
    signupNormal: true,
    signupSocial: false,
    features: { mobile_app: true, desktop_client: true, third_party_apps: false, waiting_room_games: false, neosound: false, slack: false },
    defaultLanguage: null,
    maxUsers: null,
    admin: { id: uuid(n + 500), name: `Admin ${n}`, email: `admin@${sname}.example` },
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

/** The built-in roles every fake tenant has, the administrator role held by its administrator. */
export function fakeTenantRoles(tenantId: string): Role[] {
  return [
    fakeRole(1, { id: `${tenantId.slice(0, -8)}0000a001`, tenantId, name: 'admin', description: 'Tenant administrators', permissions: ['user.get', 'user.put'], builtIn: true, userCount: 1, editable: false }),
    fakeRole(2, { id: `${tenantId.slice(0, -8)}0000a002`, tenantId, name: 'member', description: 'Everyone else', builtIn: true }),
  ];
}

/** The platform's saved tenant defaults as getDefaults answers them: unlike the built-in ones, dial in is on, French and at most 250 users. */
export const fakeTenantDefaults: TenantDefaults = {
  roles: [],
  signupNormal: false,
  signupSocial: true,
  dialIn: true,
  dialOut: false,
  features: { mobile_app: true, desktop_client: false, third_party_apps: false, waiting_room_games: true, neosound: false, slack: false },
  defaultLanguage: 'fr',
  maxUsers: 250,
};

export const fakeSystemTenant = fakeTenant(0, { sname: 'system', name: 'Platform', brandname: 'Platform', admin: null });

export function fakeSsoProvider(n: number, overrides: Partial<SsoProvider> = {}): SsoProvider {
  return {
    id: uuid(300 + n),
    name: `Provider ${n}`,
    kind: 'oidc',
    issuer: `https://id${n}.example.com`,
    clientId: `portal-${n}`,
    hasSecret: true,
    scopes: 'openid email profile',
    roleMapping: null,
    status: 'enabled',
    ...overrides,
  };
}

/** A tenant's administrator (`Tenant.admin`) as a row of its users list. */
function fakeTenantAdminUser(admin: NonNullable<Tenant['admin']>): User {
  const [firstName = '', ...lastName] = admin.name.split(' ');
  return { id: admin.id, email: admin.email, firstName, lastName: lastName.join(' '), roles: ['tenantadmin'], status: 'enabled', changePasswordOnSignIn: false, createdAt: '2025-01-01T00:00:00.000Z' };
}

/** The field errors the server gives an SSO provider body (apps/server/src/auth/providers/settings.ts). */
function ssoFieldErrors(input: Partial<SsoProviderCreate>): Array<{ field: string; code: string }> {
  const errors: Array<{ field: string; code: string }> = [];
  if (input.issuer !== undefined && !/^https:\/\/[^\s/?#]+[^\s?#]*$/.test(input.issuer)) errors.push({ field: 'issuer', code: 'invalid_issuer' });
  if (input.scopes !== undefined && !/(^|\s)openid(\s|$)/.test(input.scopes)) errors.push({ field: 'scopes', code: 'invalid_scopes' });
  for (const [claimValue, role] of Object.entries(input.roleMapping?.values ?? {})) {
    if (!FAKE_ROLE_NAMES.includes(role)) errors.push({ field: `roleMapping.values.${claimValue}`, code: 'invalid_role' });
  }
  return errors;
}

export function fakeSmtp(overrides: Partial<TenantSmtp> = {}): TenantSmtp {
  return { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'mailer', hasPassword: true, fromName: 'Tenant mail', fromEmail: 'noreply@example.com', updatedAt: '2025-03-01T10:00:00.000Z', ...overrides };
}

function operationOf(method: string, path: string): FakeTenantsOperation | 'other' {
  return operationAmong(TENANTS_OPERATIONS, method, path) ?? brandingOperationOf(method, path) ?? 'other';
}

export function installFakeTenantsApi(options: FakeTenantsApiOptions = {}): FakeTenantsApi {
  const tenants = [...(options.tenants ?? [fakeSystemTenant, fakeTenant(1, { sname: 'acme', name: 'Acme' }), fakeTenant(2, { sname: 'globex', name: 'Globex' })])];
  const smtp: Record<string, TenantSmtp> = { ...options.smtp };
  const sso = structuredClone(options.sso ?? []);
  const tenantSso = structuredClone(options.tenantSso ?? {});
  let ssoCreated = 0;
  const imported: Record<string, FakeImportRow[]> = {};
  const importJobs = createFakeImportJobs();
  const requests: FakeTenantsRequest[] = [];
  const branding = createFakeBranding(options);
  const platform = (options.as ?? 'platform') === 'platform';
  const home = platform ? (tenants.find((t) => t.sname === 'system') ?? fakeSystemTenant) : tenants[0]!;
  const currentUser: CurrentUser = {
    id: uuid(900),
    email: platform ? 'root@platform.example' : 'boss@acme.example',
    firstName: 'Ada',
    lastName: 'Admin',
    displayName: 'Ada Admin',
    role: platform ? 'superadmin' : 'tenantadmin',
    roles: [platform ? 'superadmin' : 'tenantadmin'],
    photoURL: null,
    tenant: { id: home.id, name: home.name, sname: home.sname },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions: options.permissions ?? DEFAULT_PERMISSIONS,
    csrfToken: 'csrf-token',
  };
  const visible = (id: string) => platform || id === home.id;
  const find = (path: string) => tenants.find((t) => path.split('/')[2] === t.id && visible(t.id));
  const ssoOf = (tenant: Tenant) => (tenant.id === home.id ? sso : (tenantSso[tenant.id] ??= []));
  const usersOf = (tenant: Tenant): User[] => options.tenantUsers?.[tenant.id] ?? (tenant.admin ? [fakeTenantAdminUser(tenant.admin)] : []);

  /** addTenantSSO and updateTenantSSO, or the same on a tenant named by id, on that tenant's `list`. */
  function saveSso(list: SsoProvider[], update: boolean, path: string, body: unknown): Response {
    const input = body as Partial<SsoProviderCreate> & { clientSecret?: string | null };
    const current = update ? list.find((provider) => path.endsWith(`/${provider.id}`)) : undefined;
    if (update && !current) return problem(404, 'not_found');
    const errors = ssoFieldErrors(input);
    if (errors.length > 0) return problem(400, 'validation_failed', errors);
    const name = input.name?.trim();
    if (name && list.some((provider) => provider.name === name && provider !== current)) return problem(409, 'name_exists');
    if (current) {
      const { clientSecret, ...changes } = input;
      Object.assign(current, changes, clientSecret === undefined ? {} : { hasSecret: clientSecret !== null });
      return json(200, current);
    }
    const { clientSecret, ...fields } = input as SsoProviderCreate;
    const created = fakeSsoProvider(50 + ++ssoCreated, { roleMapping: null, scopes: 'openid email profile', ...fields, hasSecret: Boolean(clientSecret) });
    list.push(created);
    return json(201, created);
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const contentType = request.headers.get('content-type');
    const body: unknown =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : contentType?.startsWith('image/')
          ? ({ contentType, bytes: new Uint8Array(await request.arrayBuffer()) } satisfies FakeUpload)
          : contentType?.startsWith('text/csv')
            ? await request.text()
            : await request.json();
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    if (operation !== 'other' && options.refusing?.includes(operation)) return problem(400, 'validation_failed');
    switch (operation) {
      case 'getTenants': {
        const q = url.searchParams.get('q')?.toLowerCase();
        const items = tenants
          .filter((t) => visible(t.id) && (!q || t.name.toLowerCase().includes(q) || t.sname.includes(q)))
          .map(({ id, name, sname, admin }) => ({ id, name, sname, admin }));
        return json(200, { items, nextCursor: null });
      }
      case 'addTenant': {
        const input = body as Schema<'TenantCreate'>;
        if (RESERVED.has(input.sname) || !/^[a-z0-9][a-z0-9-]*[a-z0-9]$/.test(input.sname)) return problem(400, 'validation_failed', [{ field: 'sname', code: 'invalid_subdomain' }]);
        if (tenants.some((t) => t.sname === input.sname)) return problem(409, 'sname_exists', [{ field: 'sname', code: 'sname_exists' }]);
        // As the server: what the request leaves out comes from the platform's saved defaults.
        const defaults = options.defaults ?? fakeTenantDefaults;
        const created = fakeTenant(tenants.length + 10, {
          sname: input.sname,
          name: input.name,
          brandname: input.brandname ?? input.name,
          country: input.country ?? null,
          address: input.address ?? null,
          defaultLanguage: input.defaultLanguage !== undefined ? input.defaultLanguage : defaults.defaultLanguage,
          maxUsers: input.maxUsers !== undefined ? input.maxUsers : defaults.maxUsers,
          admin: { id: uuid(800), name: `${input.admin.firstName} ${input.admin.lastName}`, email: input.admin.email.toLowerCase() },
        });
        tenants.push(created);
        const password = input.admin.passwordMode === 'manual' ? input.admin.password! : FAKE_GENERATED_PASSWORD;
        return json(201, { tenant: created, signIn: { email: created.admin!.email, password, url: `http://${created.sname}.portal.example/portal/login` } });
      }
      case 'getTenant': {
        const tenant = find(path);
        return tenant ? json(200, tenant) : problem(404, 'not_found');
      }
      case 'updateTenant': {
        const tenant = find(path);
        if (!tenant) return problem(404, 'not_found');
        const changes = body as Schema<'TenantUpdate'>;
        // As on the server, only the platform changes the subdomain, the status, the (permission-like) dial flags, the language and the user limit.
        const platformOnly = (['sname', 'status', 'dialIn', 'dialOut', 'defaultLanguage', 'maxUsers'] as const).find((field) => changes[field] !== undefined);
        if (!platform && platformOnly) return problem(400, 'validation_failed', [{ field: platformOnly, code: 'forbidden_field' }]);
        if (changes.sname && tenants.some((t) => t.sname === changes.sname && t.id !== tenant.id)) return problem(409, 'sname_exists', [{ field: 'sname', code: 'sname_exists' }]);
        const features = changes.features;
        if (features) {
          // The partner apps' flags follow the installed apps, as on the server.
          const managed = PARTNER_APP_FLAGS.filter((key) => features[key] !== undefined && features[key] !== (tenant.features[key] ?? false));
          if (managed.length > 0) return problem(400, 'validation_failed', managed.map((key) => ({ field: `features.${key}`, code: 'app_managed' })));
        }
        const kept = Object.fromEntries(PARTNER_APP_FLAGS.map((key) => [key, tenant.features[key] ?? false]));
        Object.assign(tenant, changes, features ? { features: { ...features, ...kept } } : {});
        return json(200, tenant);
      }
      case 'deleteTenant': {
        const tenant = find(path);
        if (!tenant) return problem(404, 'not_found');
        tenants.splice(tenants.indexOf(tenant), 1);
        return json(204, null);
      }
      case 'getTenantSMTP': {
        const tenant = find(path);
        return tenant ? json(200, { smtp: smtp[tenant.id] ?? null }) : problem(404, 'not_found');
      }
      case 'addTenantSMTP':
      case 'updateTenantSMTP': {
        const tenant = find(path);
        if (!tenant) return problem(404, 'not_found');
        const { password, ...input } = body as Schema<'TenantSmtpCreate'>;
        if (input.host !== undefined && !/^[A-Za-z0-9.-]+$/.test(input.host)) return problem(400, 'validation_failed', [{ field: 'host', code: 'invalid_host' }]);
        const previous = smtp[tenant.id];
        if (operation === 'addTenantSMTP' && previous) return problem(409, 'smtp_exists');
        const next = { ...(previous ?? fakeSmtp({ hasPassword: false })), ...input, hasPassword: Boolean(password) || (previous?.hasPassword ?? false) };
        smtp[tenant.id] = next;
        return json(operation === 'addTenantSMTP' ? 201 : 200, next);
      }
      case 'sendTenantTestMail': {
        const tenant = find(path);
        if (!tenant || !smtp[tenant.id]) return problem(404, 'not_found');
        return json(200, options.testMail ?? { delivered: true, message: '250 2.0.0 OK queued' });
      }
      case 'getTenantRoles': {
        const tenant = find(path);
        return tenant ? json(200, { items: options.tenantRoles?.[tenant.id] ?? fakeTenantRoles(tenant.id) }) : problem(404, 'not_found');
      }
      case 'getDefaults':
        return platform ? json(200, options.defaults ?? fakeTenantDefaults) : problem(403, 'forbidden');
      case 'getTenantSSO':
        return json(200, { items: sso, redirectUri: 'https://portal.example/api/v1/auth/providers/callback' });
      case 'addTenantSSO':
      case 'updateTenantSSO':
        return saveSso(sso, operation === 'updateTenantSSO', path, body);
      case 'getTenantSsoProviders': {
        const tenant = find(path);
        return tenant ? json(200, { items: ssoOf(tenant), redirectUri: `https://${tenant.sname}.portal.example/api/v1/auth/providers/callback` }) : problem(404, 'not_found');
      }
      case 'addTenantSsoProvider':
      case 'updateTenantSsoProvider': {
        const tenant = find(path);
        return tenant ? saveSso(ssoOf(tenant), operation === 'updateTenantSsoProvider', path, body) : problem(404, 'not_found');
      }
      case 'getTenantUsers': {
        const tenant = find(path);
        return tenant ? json(200, fakeUserPage(usersOf(tenant), url.searchParams)) : problem(404, 'not_found');
      }
      case 'getUserRoles':
        return json(200, { items: FAKE_ROLE_NAMES.map((name, index) => ({ id: uuid(700 + index), name, description: name })) });
      case 'startTenantUserImport': {
        const tenant = find(path);
        if (!tenant) return problem(404, 'not_found');
        const held = usersOf(tenant).length + (imported[tenant.id]?.length ?? 0);
        return importJobs.start(
          String(body),
          (adding) => tenant.maxUsers === null || held + adding <= tenant.maxUsers,
          (rows) => (imported[tenant.id] = [...(imported[tenant.id] ?? []), ...rows]),
        );
      }
      case 'getTenantUserImport':
        return find(path) ? importJobs.progress(/\/users\/import-jobs\/([^/]+)/.exec(path)?.[1]) : problem(404, 'not_found');
      case 'exportTenantUsers': {
        const tenant = find(path);
        if (!tenant) return problem(404, 'not_found');
        const [firstName = '', ...lastName] = tenant.admin?.name.split(' ') ?? [];
        const admin = tenant.admin ? [{ email: tenant.admin.email, firstName, lastName: lastName.join(' '), role: 'tenantadmin' }] : [];
        // Imported users start enabled, as the server's import does without a status column.
        return usersCsvResponse([...admin, ...(imported[tenant.id] ?? [])].map((row) => ({ ...row, status: 'enabled' as const })));
      }
      case 'getTenantInfo':
        return json(200, branding.tenantInfo(home));
      case 'other':
        if (path === '/session') return json(200, { user: currentUser });
        return problem(404, 'not_found');
      default: {
        const tenant = find(path);
        return tenant ? branding.handle(operation, tenant, path, body) : problem(404, 'not_found');
      }
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), tenants, sso, tenantSso, imported };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeTenantsApiLoader(options: FakeTenantsApiOptions = {}): () => { api: FakeTenantsApi } {
  return () => {
    notify.clean();
    return { api: installFakeTenantsApi(options) };
  };
}

export const loadedTenantsApi = (loaded: Record<string, unknown>): FakeTenantsApi => loaded.api as FakeTenantsApi;
