// The business rules of tenants (spec 'Tenant list' and 'Tenant detail'). Creating a tenant makes
// its row, built-in roles, default settings and administrator in ONE transaction (through the
// `insertTenant`, the one way a tenant comes into being); deleting one removes all its data
// (foreign keys cascade) and drops it from the tenant cache so its host stops answering at once.
import { generatePassword, hashPassword, passwordRule } from '../kernel/crypto/passwords.ts';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import { dropProcessCaches } from '../kernel/db/process-cache.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { insertTenant } from './insert-tenant.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import { forgetTenant, systemRealm, type TenantRow } from '../kernel/tenancy/tenancy.ts';
import type { FileStore } from '../kernel/files/index.ts';
import { removeTenantPictures } from '../profile/index.ts';
import { removeTenantBrandImages } from './brand-images.ts';
import { currentTenantDefaults } from './defaults.ts';
import { withAppFlags } from './partner-apps.ts';
import { deleteTenantRow, findTenant, lockTenantRow, updateTenantRow, type TenantAdmin, type TenantChanges } from './queries.ts';
import { checkSubdomain } from './subdomain.ts';
import { present } from '../kernel/db/present.ts';

type Tenant = Schemas['Tenant'];
type Db = <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;

export const AUDIT_ENTITY = 'tenant';

export function toTenantDto(row: TenantRow, admin: TenantAdmin | null): Tenant {
  return {
    id: row.id,
    sname: row.sname,
    name: row.name,
    brandname: row.brandname,
    address: row.address,
    country: row.country,
    status: row.status,
    dialIn: row.dialIn,
    dialOut: row.dialOut,
    signupNormal: row.signupNormal,
    signupSocial: row.signupSocial,
    features: row.features,
    defaultLanguage: row.defaultLanguage,
    maxUsers: row.maxUsers,
    admin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audited view of a tenant: its settings, without the branding blob. */
const auditView = ({ branding: _branding, createdAt: _createdAt, ...rest }: TenantRow) => rest;

const snameExists = () =>
  new ProblemError(409, 'sname_exists', { errors: [{ field: 'sname', code: 'sname_exists', message: 'This subdomain is already taken.' }] });

export type CreatedTenant = { tenant: Tenant; password: string };

/** Runs in the platform transaction: the tenant does not exist yet, so no tenant transaction could insert it. */
export async function createTenant(database: AppDatabase, actor: AuditActor, input: Schemas['TenantCreate']): Promise<CreatedTenant> {
  const sname = checkSubdomain(input.sname);
  const { admin } = input;
  let password: string;
  if (admin.passwordMode === 'manual') {
    if (!admin.password) throw fieldError('admin.password', 'required', 'A password is required when it is not generated.');
    if (!passwordRule.test(admin.password)) throw fieldError('admin.password', 'weak_password');
    password = admin.password;
  } else {
    password = generatePassword();
  }
  const passwordHash = await hashPassword(password);
  try {
    const tenant = await database.withPlatform(async (tx) => {
      const defaults = await currentTenantDefaults(tx);
      const seeded = await insertTenant(tx, {
        sname,
        name: input.name.trim(),
        brandname: (input.brandname ?? input.name).trim(),
        signupNormal: input.signupNormal ?? defaults.signupNormal,
        signupSocial: input.signupSocial ?? defaults.signupSocial,
        users: [
          {
            email: admin.email.trim().toLowerCase(),
            firstName: admin.firstName.trim(),
            lastName: admin.lastName.trim(),
            roles: ['tenantadmin'],
            passwordHash,
            // A generated password was seen by the platform administrator: its holder replaces it.
            changePasswordOnSignIn: admin.passwordMode !== 'manual',
          },
        ],
      });
      await updateTenantRow(tx, seeded.tenantId, {
        address: input.address?.trim() || null,
        country: input.country ?? null,
        dialIn: input.dialIn ?? defaults.dialIn,
        dialOut: input.dialOut ?? defaults.dialOut,
        defaultLanguage: input.defaultLanguage !== undefined ? input.defaultLanguage : defaults.defaultLanguage,
        maxUsers: input.maxUsers !== undefined ? input.maxUsers : defaults.maxUsers,
        // A new tenant has no partner app installed, so their flags are off.
        features: { ...defaults.features, ...withAppFlags(input.features ?? {}, {}) },
      });
      const created = present(await findTenant(tx, seeded.tenantId), 'findTenant(tx, seeded.tenantId)');
      await recordAudit(tx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: created.row.id, after: auditView(created.row) });
      return created;
    });
    forgetTenant(database, sname);
    return { tenant: toTenantDto(tenant.row, tenant.admin), password };
  } catch (error) {
    // Two creations of one subdomain: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw snameExists();
    throw error;
  }
}

export type TenantTarget = {
  /** The tenant worked on, as it was when the request resolved it. */
  row: TenantRow;
  /** A transaction inside that tenant (its row-level security). */
  db: Db;
  audit: AuditActor;
  /** The platform super administrator may change what a tenant administrator may not (subdomain, status, dial in and out, language, user limit). */
  platformAdmin: boolean;
};

export async function getTenant(target: TenantTarget): Promise<Tenant> {
  const found = await target.db((tx) => findTenant(tx, target.row.id));
  if (!found) throw notFound();
  return toTenantDto(found.row, found.admin);
}

/**
 * What only the platform super administrator changes (it also sets them when creating a tenant). The
 * language and the user limit are the platform's terms for the tenant, like dial in and out.
 */
const platformOnlyFields = ['sname', 'status', 'dialIn', 'dialOut', 'defaultLanguage', 'maxUsers'] as const;

export async function updateTenant(database: AppDatabase, target: TenantTarget, patch: Schemas['TenantUpdate']): Promise<Tenant> {
  if (!target.platformAdmin) {
    // Dial in and dial out are permission-like flags (spec section 6): a tenant administrator never grants its own tenant one.
    const platformOnly = platformOnlyFields.find((field) => patch[field] !== undefined);
    if (platformOnly) throw fieldError(platformOnly, 'forbidden_field', 'Only the platform administrator changes this.');
  }
  if (target.row.sname === systemRealm && ((patch.sname !== undefined && patch.sname !== systemRealm) || patch.status === 'disabled')) {
    throw fieldError(patch.sname !== undefined ? 'sname' : 'status', 'invalid_value', 'The platform tenant keeps its name and stays active.');
  }
  const changes: TenantChanges = {};
  if (patch.sname !== undefined && patch.sname !== target.row.sname) changes.sname = checkSubdomain(patch.sname);
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.brandname !== undefined) changes.brandname = patch.brandname.trim();
  if (patch.address !== undefined) changes.address = patch.address?.trim() || null;
  if (patch.country !== undefined) changes.country = patch.country;
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.dialIn !== undefined) changes.dialIn = patch.dialIn;
  if (patch.dialOut !== undefined) changes.dialOut = patch.dialOut;
  if (patch.signupNormal !== undefined) changes.signupNormal = patch.signupNormal;
  if (patch.signupSocial !== undefined) changes.signupSocial = patch.signupSocial;
  if (patch.defaultLanguage !== undefined) changes.defaultLanguage = patch.defaultLanguage;
  // A limit below the users held already only stops new ones: nobody is removed.
  if (patch.maxUsers !== undefined) changes.maxUsers = patch.maxUsers;
  try {
    const updated = await target.db(async (tx) => {
      // The partner-app flags follow the installed apps (partner-apps.ts): read them under the lock
      // an app's install or removal takes, or a concurrent one could be undone here.
      if (patch.features !== undefined) await lockTenantRow(tx, target.row.id);
      const before = await findTenant(tx, target.row.id);
      if (!before) throw notFound();
      if (patch.features !== undefined) changes.features = withAppFlags(patch.features, before.row.features);
      await updateTenantRow(tx, target.row.id, changes);
      const after = present(await findTenant(tx, target.row.id), 'findTenant(tx, target.row.id)');
      await recordAudit(tx, target.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: target.row.id, before: auditView(before.row), after: auditView(after.row) });
      return after;
    });
    // A disabled or renamed tenant must stop answering at its old host now, not after the cache expires.
    forgetTenant(database, target.row.sname);
    forgetTenant(database, updated.row.sname);
    return toTenantDto(updated.row, updated.admin);
  } catch (error) {
    if (isUniqueViolation(error)) throw snameExists();
    throw error;
  }
}

/**
 * Deletes the tenant and (by cascade) everything it owns, then its files (brand images, profile pictures); audited in
 * the platform's own log, since the tenant's goes with it.
 */
export async function deleteTenant(database: AppDatabase, actor: AuditActor, tenantId: string, files: FileStore): Promise<void> {
  const sname = await database.withPlatform(async (tx) => {
    const before = await findTenant(tx, tenantId);
    if (!before) throw notFound();
    if (before.row.sname === systemRealm) throw new ProblemError(400, 'validation_failed', { errors: [{ field: 'tenantId', code: 'invalid_value', message: 'The platform tenant cannot be deleted.' }] });
    await deleteTenantRow(tx, tenantId);
    await recordAudit(tx, actor, { action: 'delete', entity: AUDIT_ENTITY, entityId: tenantId, before: { ...auditView(before.row), admin: before.admin } });
    return before.row.sname;
  });
  forgetTenant(database, sname);
  // The request gate drops process caches after the response, but an answer read during the delete could linger.
  dropProcessCaches(database);
  await removeTenantBrandImages(files, tenantId);
  await removeTenantPictures(files, tenantId);
}
