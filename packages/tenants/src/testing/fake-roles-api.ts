// An in-memory stand-in for the roles part of openapi/portal.yaml, answering through the real
// api-client like the other fakes, so stories and tests run the portal's own request code. It
// applies the server's grant rules (a role may only carry permissions in the tree, and switch on
// dial in or dial out only while the tenant has it on and the caller holds it), records every
// request and can be told to fail.
import type { Schema } from '@portal/api-client';
import { answerApiWith, jsonResponse as json, operationAmong, problemResponse as problem } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakeTenants } from './fake-users-api';

type Role = Schema<'Role'>;
type CurrentUser = Schema<'CurrentUser'>;
type Tree = Schema<'RolePermissionTree'>;

/** The operations this fake answers, by the contract's operationId. */
const ROLES_OPERATIONS = ['getRoles', 'getRole', 'putRole', 'updateRole', 'deleteRole', 'deleteRoles', 'getUnassignedRoles', 'editUnassignedRoles', 'getPermissionsTree'] as const;
export type FakeRolesOperation = (typeof ROLES_OPERATIONS)[number];

export type FakeRolesRequest = { operation: FakeRolesOperation | 'other'; method: string; path: string; query: URLSearchParams; body: unknown };

export type FakeRolesApiOptions = {
  roles?: Role[];
  /** The caller's permissions; the tree offers the grantable ones among them. */
  permissions?: string[];
  role?: string;
  /** The tenant's dial in / dial out (default both on): a role may switch on only what it has on. */
  tenantDial?: DialFlags;
  /** The dial flags the caller's roles carry (default both, as the seeded administrators); a superadmin holds both. */
  heldDial?: DialFlags;
  failing?: FakeRolesOperation[];
};

type DialFlags = { dialIn: boolean; dialOut: boolean };
const DIAL_FLAGS = ['dialIn', 'dialOut'] as const;
const TENANT_DIAL_OFF = { dialIn: 'tenant_dial_in_off', dialOut: 'tenant_dial_out_off' } as const;

export type FakeRolesApi = {
  requests: FakeRolesRequest[];
  requestsOf: (operation: FakeRolesOperation) => FakeRolesRequest[];
  roles: Role[];
};

export const ALL_ROLE_PERMISSIONS = ['roles.get', 'roles.put', 'roles.update', 'roles.delete'];
/** What the fake caller may grant, besides the roles permissions. */
export const FAKE_GRANTABLE = ['user.get', 'user.put', 'user.profile.get', 'user.profile.update', 'meeting.put', 'meeting.schedule.get'];

const uuid = (n: number) => `00000000-0000-4000-8000-eeee${String(n).padStart(8, '0')}`;

export function fakeRole(n: number, overrides: Partial<Role> = {}): Role {
  return {
    id: uuid(n),
    tenantId: fakeTenants[0]!.id,
    name: `Role ${n}`,
    description: `Description ${n}`,
    permissions: ['user.get'],
    status: 'enabled',
    dialIn: false,
    dialOut: false,
    builtIn: false,
    userCount: 0,
    editable: true,
    ...overrides,
  };
}

type NeededGroup = Tree['areas'][number]['permissions'][number]['roleGroup'];

/** The role group a permission needs, as the server's tree answers it (apps/server/src/kernel/access/permissions.ts `permissionRoleGroup`). */
export function fakeRoleGroupOf(permission: string): NeededGroup {
  if (/^(client\.|dev\.|room\.feedback\.|(plans|products)\.(put|update|delete|disable)$)/.test(permission)) return 'superadmin';
  if (permission.startsWith('billing.')) return 'accountadmin';
  if (/^(dashboard\.|tenant\.|room\.(recording|current|completed)\.)/.test(permission) || (permission.startsWith('user.') && !permission.startsWith('user.profile.'))) return 'admin';
  return 'member';
}

function treeOf(permissions: readonly string[]): Tree {
  const areas = new Map<string, Tree['areas'][number]>();
  for (const permission of permissions) {
    const [area, ...rest] = permission.split('.');
    let entry = areas.get(area!);
    if (!entry) areas.set(area!, (entry = { area: area!, permissions: [] }));
    entry.permissions.push({ permission, action: rest.join('.'), roleGroup: fakeRoleGroupOf(permission) });
  }
  return { areas: [...areas.values()] };
}

function operationOf(method: string, path: string): FakeRolesOperation | 'other' {
  return operationAmong(ROLES_OPERATIONS, method, path) ?? 'other';
}

export function installFakeRolesApi(options: FakeRolesApiOptions = {}): FakeRolesApi {
  const roles = [...(options.roles ?? [])];
  const requests: FakeRolesRequest[] = [];
  const role = options.role ?? 'tenantadmin';
  const permissions = options.permissions ?? [...ALL_ROLE_PERMISSIONS, ...FAKE_GRANTABLE];
  const grantable = new Set(permissions);
  const currentUser: CurrentUser = {
    id: uuid(900),
    email: 'alice@acme.example',
    firstName: 'Alice',
    lastName: 'Martin',
    displayName: 'Alice Martin',
    role,
    roles: [role],
    photoURL: null,
    tenant: { id: fakeTenants[0]!.id, name: fakeTenants[0]!.name, sname: 'acme' },
    settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'light', shortcuts: [] },
    permissions,
    csrfToken: 'csrf-token',
  };
  const sorted = () => [...roles].sort((a, b) => a.name.localeCompare(b.name));
  const tenantDial = options.tenantDial ?? { dialIn: true, dialOut: true };
  const heldDial = role === 'superadmin' ? { dialIn: true, dialOut: true } : (options.heldDial ?? { dialIn: true, dialOut: true });
  /** The server's grant rules: a dial flag switched on (false or unchanged needs nothing) must be on for the tenant (400), then held with every permission (403). */
  const refused = (input: Partial<Role>, before?: Role): Response | null => {
    const switchedOn = DIAL_FLAGS.filter((flag) => input[flag] === true && before?.[flag] !== true);
    const off = switchedOn.filter((flag) => !tenantDial[flag]).map((flag) => ({ field: flag, code: TENANT_DIAL_OFF[flag] }));
    if (off.length > 0) return problem(400, 'validation_failed', off);
    const notHeld = [
      ...(input.permissions ?? []).flatMap((p, i) => (grantable.has(p) ? [] : [{ field: `permissions.${i}`, code: 'permission_not_held' }])),
      ...switchedOn.filter((flag) => !heldDial[flag]).map((flag) => ({ field: flag, code: 'permission_not_held' })),
    ];
    if (notHeld.length > 0) return problem(403, 'permission_not_held', notHeld);
    // A custom role cannot hold a permission that needs the super administrator's role group.
    const needsSuperadmin = before?.builtIn
      ? []
      : (input.permissions ?? []).flatMap((p, i) => (fakeRoleGroupOf(p) === 'superadmin' ? [{ field: `permissions.${i}`, code: 'permission_needs_role_group' }] : []));
    return needsSuperadmin.length > 0 ? problem(400, 'validation_failed', needsSuperadmin) : null;
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const operation = operationOf(request.method, path);
    requests.push({ operation, method: request.method, path, query: url.searchParams, body });
    if (operation !== 'other' && options.failing?.includes(operation)) return problem(500, 'internal');
    const found = () => roles.findIndex((r) => path.endsWith(r.id));
    switch (operation) {
      case 'getRoles': {
        const q = url.searchParams.get('q')?.toLowerCase();
        const limit = Number(url.searchParams.get('limit') ?? 25);
        const offset = Number(url.searchParams.get('cursor') ?? 0);
        const matching = sorted().filter((r) => !q || r.name.toLowerCase().includes(q) || r.description.toLowerCase().includes(q));
        return json(200, { items: matching.slice(offset, offset + limit), nextCursor: offset + limit < matching.length ? String(offset + limit) : null });
      }
      case 'getRole': {
        const index = found();
        return index < 0 ? problem(404, 'not_found') : json(200, roles[index]);
      }
      case 'putRole': {
        const input = body as { name: string; permissions: string[]; tenants?: string[] } & Partial<Role>;
        const refusal = refused(input);
        if (refusal) return refusal;
        if (roles.some((r) => r.name === input.name)) return problem(409, 'name_exists', [{ field: 'name', code: 'name_exists' }]);
        const created = (input.tenants ?? [currentUser.tenant.id]).map((tenantId, i) => {
          const { tenants: _tenants, ...values } = input;
          return fakeRole(roles.length + 100 + i, { ...values, tenantId });
        });
        roles.push(created[0]!);
        return json(201, { items: created });
      }
      case 'updateRole': {
        const index = found();
        if (index < 0) return problem(404, 'not_found');
        const input = body as Partial<Role>;
        const refusal = refused(input, roles[index]);
        if (refusal) return refusal;
        roles[index] = { ...roles[index]!, ...input };
        return json(200, roles[index]);
      }
      case 'deleteRole': {
        const index = found();
        if (index < 0) return problem(404, 'not_found');
        if (roles[index]!.builtIn) return problem(409, 'built_in_role');
        roles.splice(index, 1);
        return json(204, null);
      }
      case 'deleteRoles': {
        const doomed = roles.filter((r) => !r.builtIn && r.editable);
        const kept = roles.filter((r) => !r.builtIn && !r.editable).length;
        for (const r of doomed) roles.splice(roles.indexOf(r), 1);
        return json(200, { deleted: doomed.length, kept });
      }
      case 'getUnassignedRoles':
        return json(200, { items: sorted().filter((r) => r.userCount === 0) });
      case 'editUnassignedRoles': {
        const input = body as { action: 'enable' | 'disable' | 'delete'; roleIds: string[] };
        for (const id of input.roleIds) {
          const index = roles.findIndex((r) => r.id === id);
          if (index < 0) continue;
          if (input.action === 'delete') roles.splice(index, 1);
          else roles[index] = { ...roles[index]!, status: input.action === 'enable' ? 'enabled' : 'disabled' };
        }
        return json(200, { changed: input.roleIds.length });
      }
      case 'getPermissionsTree':
        return json(200, treeOf(permissions));
      default:
        if (path === '/session') return json(200, { user: currentUser });
        if (path === '/tenants') return json(200, { items: fakeTenants, nextCursor: null });
        return problem(404, 'not_found');
    }
  }

  answerApiWith(handle);
  return { requests, requestsOf: (operation) => requests.filter((r) => r.operation === operation), roles };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeRolesApiLoader(options: FakeRolesApiOptions = {}): () => { api: FakeRolesApi } {
  return () => {
    notify.clean();
    return { api: installFakeRolesApi(options) };
  };
}

export const loadedRolesApi = (loaded: Record<string, unknown>): FakeRolesApi => loaded.api as FakeRolesApi;
