// A tenant's meeting apps (spec 'Clients' tab of the tenant detail): its rows of `media_clients`
// (web, mobile and desktop). A tenant administrator switches them on or off and sets the versions
// they accept; everything else about a client stays with the platform's clients screen. The work
// runs in the target tenant's transaction, so a client of another tenant is not found (404).
import { recordAudit } from '../kernel/audit/record.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { notFound } from '../kernel/http/problem.ts';
import { findMediaClient, tenantMediaClients, updateMediaClientRow, type MediaClientRow, type MediaClientValues, AUDIT_ENTITY, auditView, checkVersionRange } from '../media-clients/index.ts';
import type { TenantTarget } from './service.ts';

type TenantClient = Schemas['TenantClient'];

function toClientDto(row: MediaClientRow): TenantClient {
  return { id: row.id, name: row.name, kind: row.kind, version: row.version, minVersion: row.minVersion, maxVersion: row.maxVersion, status: row.status };
}

export async function listTenantClients(target: TenantTarget): Promise<TenantClient[]> {
  const rows = await target.db((tx) => tenantMediaClients(tx, target.row.id));
  return rows.map(toClientDto);
}

export async function updateTenantClient(target: TenantTarget, clientId: string, patch: Schemas['TenantClientUpdate']): Promise<TenantClient> {
  const row = await target.db(async (tx) => {
    const before = await findMediaClient(tx, clientId);
    if (!before || before.tenantId !== target.row.id) throw notFound();
    const changes: Partial<MediaClientValues> = {};
    if (patch.minVersion !== undefined) changes.minVersion = patch.minVersion;
    if (patch.maxVersion !== undefined) changes.maxVersion = patch.maxVersion;
    if (patch.status !== undefined) changes.status = patch.status;
    checkVersionRange(changes.minVersion === undefined ? before.minVersion : changes.minVersion, changes.maxVersion === undefined ? before.maxVersion : changes.maxVersion);
    await updateMediaClientRow(tx, target.row.id, clientId, changes);
    const after = { ...before, ...changes };
    await recordAudit(tx, target.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: clientId, before: auditView(before), after: auditView(after) });
    return after;
  });
  return toClientDto(row);
}
