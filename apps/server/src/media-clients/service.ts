// The business rules of media clients (spec 'Clients', super administrator). A client belongs to
// one tenant: the super administrator, signed in to the system realm, creates it for a chosen
// tenant and the insert runs in THAT tenant's transaction, so row-level security itself refuses a
// row that would land anywhere else. Listing and finding by id cross tenants, so they run in a
// platform transaction, which only a super administrator's request ever opens here.
import { recordAudit } from '../kernel/audit/record.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { decodeKeysetCursor, keysetPage } from '../kernel/db/keyset.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError, forbidden, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { publicIceServers, sealIceServers } from './ice-servers.ts';
import {
  deleteMediaClientRow,
  findMediaClient,
  findTenant,
  insertMediaClient,
  listMediaClients,
  updateMediaClientRow,
  type MediaClientRow,
  type MediaClientValues,
} from './queries.ts';
import { present } from '../kernel/db/present.ts';

type MediaClient = Schemas['MediaClient'];
type MediaClientCreate = Schemas['MediaClientCreate'];
type MediaClientUpdate = Schemas['MediaClientUpdate'];

/** `tenantId` is the caller's own tenant: where a client is created when no tenant is chosen. */
export type ClientScope = Pick<RequestScope, 'tenantId' | 'caller' | 'database' | 'secrets' | 'actorIn'>;

export const DEFAULT_PAGE_SIZE = 25;
export const AUDIT_ENTITY = 'media_client';

function toDto(row: MediaClientRow): MediaClient {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    name: row.name,
    version: row.version,
    minVersion: row.minVersion,
    maxVersion: row.maxVersion,
    iceTransportPolicy: row.iceTransportPolicy,
    bundlePolicy: row.bundlePolicy,
    iceServers: publicIceServers(row.iceServers),
    appServer: row.appServer,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a client: its settings, credentials sealed (and masked by recordAudit). */
export function auditView(row: MediaClientRow) {
  const { createdAt: _createdAt, tenantName: _tenantName, ...rest } = row;
  return rest;
}

function requireSuperadmin(scope: ClientScope) {
  // The operations are gated on the superadmin role group already; this keeps the platform
  // transactions below out of reach even if a route were ever wired without the gate.
  if (!scope.caller.isSuperadmin) throw forbidden();
}

const nameExists = () =>
  new ProblemError(409, 'name_exists', { errors: [{ field: 'name', code: 'name_exists', message: 'This tenant already has a client with this name.' }] });

function versionOrder(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** 400 `version_range` on `maxVersion` when both versions are set and the maximum is below the minimum. */
export function checkVersionRange(min: string | null | undefined, max: string | null | undefined) {
  if (min && max && versionOrder(min, max) > 0) throw fieldError('maxVersion', 'version_range', 'The maximum version is below the minimum version.');
}

export type ListInput = { q?: string | undefined; tenantId?: string | undefined; cursor?: string | undefined; limit?: number | undefined };

export async function listClientPage(scope: ClientScope, input: ListInput): Promise<{ items: MediaClient[]; nextCursor: string | null }> {
  requireSuperadmin(scope);
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const rows = await scope.database.withPlatform((tx) => listMediaClients(tx, { q: input.q?.trim(), tenantId: input.tenantId, after, limit: limit + 1 }));
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.name);
  return { items: page.map(toDto), nextCursor };
}

export async function createClient(scope: ClientScope, input: MediaClientCreate): Promise<MediaClient> {
  requireSuperadmin(scope);
  const tenantId = input.tenantId ?? scope.tenantId;
  const tenant = await scope.database.withPlatform((tx) => findTenant(tx, tenantId));
  if (!tenant) throw fieldError('tenantId', 'unknown_tenant', 'No such tenant.');
  checkVersionRange(input.minVersion, input.maxVersion);
  const values: MediaClientValues = {
    name: input.name.trim(),
    version: input.version ?? null,
    minVersion: input.minVersion ?? null,
    maxVersion: input.maxVersion ?? null,
    iceTransportPolicy: input.iceTransportPolicy,
    bundlePolicy: input.bundlePolicy,
    iceServers: sealIceServers(scope.secrets, input.iceServers, null),
    appServer: input.appServer ?? null,
    status: input.status ?? 'enabled',
  };
  const actor = await scope.actorIn(tenant.id);
  try {
    const row = await scope.database.withTenant(tenant.id, async (tx) => {
      const id = await insertMediaClient(tx, tenant.id, values);
      const created = present(await findMediaClient(tx, id), 'findMediaClient(tx, id)');
      await recordAudit(tx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: id, after: auditView(created) });
      return created;
    });
    return toDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

/** The owning tenant of client `id`, found across tenants; 404 when there is no such client. */
async function owningTenant(scope: ClientScope, id: string): Promise<string> {
  const row = await scope.database.withPlatform((tx) => findMediaClient(tx, id));
  if (!row) throw notFound();
  return row.tenantId;
}

export async function updateClient(scope: ClientScope, id: string, patch: MediaClientUpdate): Promise<MediaClient> {
  requireSuperadmin(scope);
  const tenantId = await owningTenant(scope, id);
  const actor = await scope.actorIn(tenantId);
  try {
    const row = await scope.database.withTenant(tenantId, async (tx) => {
      const before = await findMediaClient(tx, id);
      if (!before) throw notFound();
      const changes: Partial<MediaClientValues> = {};
      if (patch.name !== undefined) changes.name = patch.name.trim();
      if (patch.version !== undefined) changes.version = patch.version;
      if (patch.minVersion !== undefined) changes.minVersion = patch.minVersion;
      if (patch.maxVersion !== undefined) changes.maxVersion = patch.maxVersion;
      if (patch.iceTransportPolicy !== undefined) changes.iceTransportPolicy = patch.iceTransportPolicy;
      if (patch.bundlePolicy !== undefined) changes.bundlePolicy = patch.bundlePolicy;
      if (patch.appServer !== undefined) changes.appServer = patch.appServer;
      if (patch.status !== undefined) changes.status = patch.status;
      if (patch.iceServers !== undefined) changes.iceServers = sealIceServers(scope.secrets, patch.iceServers, before.iceServers);
      checkVersionRange(changes.minVersion === undefined ? before.minVersion : changes.minVersion, changes.maxVersion === undefined ? before.maxVersion : changes.maxVersion);
      await updateMediaClientRow(tx, tenantId, id, changes);
      const after = present(await findMediaClient(tx, id), 'findMediaClient(tx, id)');
      await recordAudit(tx, actor, { action: 'update', entity: AUDIT_ENTITY, entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    });
    return toDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function deleteClient(scope: ClientScope, id: string): Promise<void> {
  requireSuperadmin(scope);
  const tenantId = await owningTenant(scope, id);
  const actor = await scope.actorIn(tenantId);
  await scope.database.withTenant(tenantId, async (tx) => {
    const before = await findMediaClient(tx, id);
    if (!before) throw notFound();
    await deleteMediaClientRow(tx, tenantId, id);
    await recordAudit(tx, actor, { action: 'delete', entity: AUDIT_ENTITY, entityId: id, before: auditView(before) });
  });
}
