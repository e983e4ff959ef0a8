// A tenant's SSO settings (spec 'tenant.sso'): its OpenID Connect providers. Client secrets are
// sealed with the server key and never answered back; `hasSecret` says whether one is stored.
// Every change is audited (entity 'tenant_sso') in its own transaction, the secret masked.
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../kernel/audit/record.ts';
import { roles, type RoleMapping } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import type { Schemas } from '../../kernel/http/api.ts';
import { ProblemError, fieldError, notFound } from '../../kernel/http/problem.ts';
import { normaliseIssuer } from './issuer.ts';
import type { RequestScope } from '../../kernel/http/request-scope.ts';
import { canHandOut } from '../role-rules.ts';
import { findProvider, insertProvider, listProviders, providerNameTaken, unlinkProviderIdentities, updateProvider, type NewProvider, type ProviderRow } from './queries.ts';
import { forgetProviderConfiguration } from './relying-party.ts';

export type SsoProvider = Schemas['SsoProvider'];
export type SsoProviderCreate = Schemas['SsoProviderCreate'];
export type SsoProviderUpdate = Schemas['SsoProviderUpdate'];

/**
 * `caller` null: server code (seeding, tests) that may map claims to any role. `audit` absent:
 * server code too, audited as the system of the scope's tenant.
 */
/** Without a caller or actor (seeding, tests) every role may be mapped and the log records no one. */
export type SettingsScope = Pick<RequestScope, 'tenantId' | 'db' | 'secrets'> & Partial<Pick<RequestScope, 'caller' | 'audit'>>;

export const SSO_AUDIT_ENTITY = 'tenant_sso';

const auditActor = (scope: SettingsScope): AuditActor => scope.audit ?? { tenantId: scope.tenantId, userId: null, label: null, ip: null, requestId: null };

/** The audited view of a provider: recordAudit masks `clientSecret` (sealed or not) by its name. */
const auditView = ({ createdAt: _createdAt, ...rest }: ProviderRow) => rest;

export function toSsoProvider(row: ProviderRow): SsoProvider {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    issuer: row.issuer,
    clientId: row.clientId,
    hasSecret: row.clientSecret !== null,
    scopes: row.scopes,
    roleMapping: row.roleMapping ?? null,
    status: row.status,
  };
}

function checkedIssuer(value: string): string {
  const issuer = normaliseIssuer(value);
  if (!issuer) throw fieldError('issuer', 'invalid_issuer', 'An https URL (http only on loopback) without query or fragment');
  return issuer;
}

const normaliseScopes = (scopes: string) => [...new Set(scopes.trim().split(/\s+/))].join(' ');

/**
 * Every mapped role must exist, and be one the caller could hand out itself (auth/role-rules.ts):
 * otherwise an administrator could grant, through sign-up by its own provider, roles it cannot give.
 */
async function checkRoleMapping(tx: Database, scope: SettingsScope, mapping: RoleMapping | null | undefined): Promise<void> {
  if (!mapping) return;
  const wanted = [...new Set(Object.values(mapping.values))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: roles.id, name: roles.name, description: roles.description, permissions: roles.permissions, status: roles.status, dialIn: roles.dialIn, dialOut: roles.dialOut })
    .from(roles)
    .where(and(eq(roles.tenantId, scope.tenantId), inArray(roles.name, wanted)));
  const byName = new Map(found.map((r) => [r.name, r]));
  for (const [claimValue, name] of Object.entries(mapping.values)) {
    const role = byName.get(name);
    if (!role) throw fieldError(`roleMapping.values.${claimValue}`, 'invalid_role', `No role ${name} in this tenant`);
    if (scope.caller && !canHandOut(scope.caller, role)) {
      throw fieldError(`roleMapping.values.${claimValue}`, 'role_not_assignable', `You cannot hand out the role ${name}`);
    }
  }
}

const nameExists = () => new ProblemError(409, 'name_exists', { detail: 'This tenant already has a provider with that name' });

export async function listSsoProviders(scope: SettingsScope): Promise<SsoProvider[]> {
  const rows = await scope.db((tx) => listProviders(tx, scope.tenantId));
  return rows.map(toSsoProvider);
}

/** Creates a provider of the scope's tenant (also used by seeding and tests). */
export async function createSsoProvider(scope: SettingsScope, input: SsoProviderCreate): Promise<SsoProvider> {
  const issuer = checkedIssuer(input.issuer);
  const name = input.name.trim();
  const row = await scope.db(async (tx) => {
    if (await providerNameTaken(tx, scope.tenantId, name)) throw nameExists();
    await checkRoleMapping(tx, scope, input.roleMapping);
    const created = await insertProvider(tx, {
      tenantId: scope.tenantId,
      name,
      kind: input.kind ?? 'oidc',
      issuer,
      clientId: input.clientId.trim(),
      clientSecret: input.clientSecret ? scope.secrets.seal(input.clientSecret) : null,
      scopes: normaliseScopes(input.scopes ?? 'openid email profile'),
      roleMapping: input.roleMapping ?? null,
      status: input.status ?? 'enabled',
    });
    await recordAudit(tx, auditActor(scope), { action: 'create', entity: SSO_AUDIT_ENTITY, entityId: created.id, after: auditView(created) });
    return created;
  });
  return toSsoProvider(row);
}

export async function updateSsoProvider(scope: SettingsScope, providerId: string, input: SsoProviderUpdate): Promise<SsoProvider> {
  const changes: Partial<NewProvider> = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.issuer !== undefined) changes.issuer = checkedIssuer(input.issuer);
  if (input.clientId !== undefined) changes.clientId = input.clientId.trim();
  if (input.clientSecret !== undefined) changes.clientSecret = input.clientSecret === null ? null : scope.secrets.seal(input.clientSecret);
  if (input.scopes !== undefined) changes.scopes = normaliseScopes(input.scopes);
  if (input.roleMapping !== undefined) changes.roleMapping = input.roleMapping;
  if (input.status !== undefined) changes.status = input.status;
  const row = await scope.db(async (tx) => {
    if (changes.name !== undefined && (await providerNameTaken(tx, scope.tenantId, changes.name, providerId))) throw nameExists();
    await checkRoleMapping(tx, scope, input.roleMapping);
    const before = await findProvider(tx, scope.tenantId, providerId);
    if (!before) return null;
    const updated = await updateProvider(tx, scope.tenantId, providerId, changes);
    if (!updated) return null;
    // Subjects are only unique per issuer: links made with the old one must not carry over.
    if (before.issuer !== updated.issuer) await unlinkProviderIdentities(tx, scope.tenantId, providerId);
    await recordAudit(tx, auditActor(scope), { action: 'update', entity: SSO_AUDIT_ENTITY, entityId: providerId, before: auditView(before), after: auditView(updated) });
    return updated;
  });
  if (!row) throw notFound();
  forgetProviderConfiguration(providerId);
  return toSsoProvider(row);
}
