// An in-memory stand-in for the tenant parts of openapi/portal.yaml (tenants, their SMTP server,
// brand, theme and meeting apps, transactions, the caller's SSO providers, /me and the tenant
// info), answering through the real api-client like the other fakes, so stories and tests run the
// portal's own request code.
import { configureApi, type Schema } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { json, problem } from './fake-responses';
import { brandingOperationOf, createFakeBranding, type FakeBrandingOperation, type FakeBrandingOptions, type FakeUpload } from './fake-tenant-branding';

type Tenant = Schema<'Tenant'>;
type TenantSmtp = Schema<'TenantSmtp'>;
type SsoProvider = Schema<'SsoProvider'>;
type CurrentUser = Schema<'CurrentUser'>;

export type FakeTenantsOperation =
  | 'getTenants'
  | 'addTenant'
  | 'getTenant'
  | 'updateTenant'
  | 'deleteTenant'
  | 'getTenantSMTP'
  | 'addTenantSMTP'
  | 'updateTenantSMTP'
  | 'sendTenantTestMail'
  | 'getTenantTransactions'
  | 'getTenantSSO'
  | 'getTenantInfo'
  | FakeBrandingOperation;
/** `body` is the parsed JSON, or a `FakeUpload` for an image body. */
export type FakeTenantsRequest = { operation: FakeTenantsOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeTenantsApiOptions = FakeBrandingOptions & {
  tenants?: Tenant[];
  smtp?: Record<string, TenantSmtp>;
  sso?: SsoProvider[];
  /** Who is signed in: the platform super administrator (default) or a tenant administrator of `tenants[0]`. */
  as?: 'platform' | 'tenantadmin';
  /** The test mail's answer: delivered, or the SMTP server's error text. */
  testMail?: { delivered: boolean; message: string };
  failing?: FakeTenantsOperation[];
  /** Operations that answer 400 `validation_failed` whatever they are sent. */
  refusing?: FakeTenantsOperation[];
  /** The signed-in user's permissions, instead of every tenant permission. */
  permissions?: string[];
};
export type FakeTenantsApi = { requests: FakeTenantsRequest[]; requestsOf: (operation: FakeTenantsOperation) => FakeTenantsRequest[]; tenants: Tenant[] };

const uuid = (n: number) => `00000000-0000-4000-8000-7e7e${String(n).padStart(8, '0')}`;
export const FAKE_GENERATED_PASSWORD = 'Gen3rated-Pass';
const RESERVED = new Set(['system', 'www', 'api']);
const TENANT_PERMISSIONS = ['default', 'smtp', 'brand', 'client'].flatMap((area) => ['get', 'put', 'update', 'delete'].map((action) => `tenant.${area}.${action}`));

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
    admin: { id: uuid(n + 500), name: `Admin ${n}`, email: `admin@${sname}.example` },
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

export const fakeSystemTenant = fakeTenant(0, { sname: 'system', name: 'Platform', brandname: 'Platform', admin: null });

export function fakeSmtp(overrides: Partial<TenantSmtp> = {}): TenantSmtp {
  return { host: 'smtp.example.com', port: 587, security: 'starttls', username: 'mailer', hasPassword: true, fromName: 'Tenant mail', fromEmail: 'noreply@example.com', updatedAt: '2025-03-01T10:00:00.000Z', ...overrides };
}

function operationOf(method: string, path: string): FakeTenantsOperation | 'other' {
  if (path === '/tenants') return method === 'GET' ? 'getTenants' : 'addTenant';
  if (/^\/tenants\/[^/]+$/.test(path)) return method === 'GET' ? 'getTenant' : method === 'DELETE' ? 'deleteTenant' : 'updateTenant';
  if (/^\/tenants\/[^/]+\/smtp$/.test(path)) return method === 'GET' ? 'getTenantSMTP' : method === 'POST' ? 'addTenantSMTP' : 'updateTenantSMTP';
  if (/^\/tenants\/[^/]+\/smtp\/test$/.test(path)) return 'sendTenantTestMail';
  if (/^\/tenants\/[^/]+\/transactions$/.test(path)) return 'getTenantTransactions';
  if (path === '/tenant/sso') return 'getTenantSSO';
  if (path === '/tenant-info') return 'getTenantInfo';
  return brandingOperationOf(method, path) ?? 'other';
}

export function installFakeTenantsApi(options: FakeTenantsApiOptions = {}): FakeTenantsApi {
  const tenants = [...(options.tenants ?? [fakeSystemTenant, fakeTenant(1, { sname: 'acme', name: 'Acme' }), fakeTenant(2, { sname: 'globex', name: 'Globex' })])];
  const smtp: Record<string, TenantSmtp> = { ...options.smtp };
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
    permissions: options.permissions ?? [...TENANT_PERMISSIONS, 'tenant.sso.get'],
    csrfToken: 'csrf-token',
  };
  const visible = (id: string) => platform || id === home.id;
  const find = (path: string) => tenants.find((t) => path.split('/')[2] === t.id && visible(t.id));

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const contentType = request.headers.get('content-type');
    const body: unknown =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : contentType?.startsWith('image/')
          ? ({ contentType, bytes: new Uint8Array(await request.arrayBuffer()) } satisfies FakeUpload)
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
        const created = fakeTenant(tenants.length + 10, {
          sname: input.sname,
          name: input.name,
          brandname: input.brandname ?? input.name,
          country: input.country ?? null,
          address: input.address ?? null,
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
        if (!platform && (changes.sname !== undefined || changes.status !== undefined)) return problem(400, 'validation_failed', [{ field: changes.sname ? 'sname' : 'status', code: 'forbidden_field' }]);
        if (changes.sname && tenants.some((t) => t.sname === changes.sname && t.id !== tenant.id)) return problem(409, 'sname_exists', [{ field: 'sname', code: 'sname_exists' }]);
        Object.assign(tenant, changes);
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
      case 'getTenantTransactions':
        return find(path) ? json(200, { items: [], nextCursor: null }) : problem(404, 'not_found');
      case 'getTenantSSO':
        return json(200, { items: options.sso ?? [], redirectUri: 'https://portal.example/api/v1/auth/providers/callback' });
      case 'getTenantInfo':
        return json(200, branding.tenantInfo(home));
      case 'other':
        if (path === '/me') return json(200, currentUser);
        return problem(404, 'not_found');
      default: {
        const tenant = find(path);
        return tenant ? branding.handle(operation, tenant, path, body) : problem(404, 'not_found');
      }
    }
  }

  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), tenants };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeTenantsApiLoader(options: FakeTenantsApiOptions = {}): () => { api: FakeTenantsApi } {
  return () => {
    notify.clean();
    return { api: installFakeTenantsApi(options) };
  };
}

export const loadedTenantsApi = (loaded: Record<string, unknown>): FakeTenantsApi => loaded.api as FakeTenantsApi;
