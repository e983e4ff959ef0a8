// Every change to a tenant's look (brand texts, brand images, theme) takes one path: in the target
// tenant's transaction the tenant row is locked and read (two editors of the one `branding` blob
// must not undo each other), the change written and audited, and afterwards the cached tenant is
// dropped, so getTenantInfo at the tenant's host answers the new branding at once.
import { recordAudit, type AuditEntry } from '../kernel/audit/record.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { notFound } from '../kernel/http/problem.ts';
import { forgetTenant, type TenantRow } from '../kernel/tenancy/tenancy.ts';
import { lockTenantRow, updateTenantRow, type TenantChanges } from './queries.ts';
import type { TenantTarget } from './service.ts';

export type BrandingChange<View> = {
  entity: AuditEntry['entity'];
  /** What the answer and the audit log show of the tenant, before and after. */
  view: (row: TenantRow) => View;
  /** The columns to write, computed from the locked row. */
  change: (row: TenantRow) => Pick<TenantChanges, 'brandname' | 'branding'>;
};

export async function changeBranding<View>(database: AppDatabase, target: TenantTarget, { entity, view, change }: BrandingChange<View>): Promise<View> {
  const { sname, after } = await target.db(async (tx) => {
    const before = await lockTenantRow(tx, target.row.id);
    if (!before) throw notFound();
    const changes = change(before);
    await updateTenantRow(tx, before.id, changes);
    const was = view(before);
    const is = view({ ...before, ...changes });
    // Saving the form unchanged (or removing an image that is not there) is not a change to log.
    if (JSON.stringify(was) !== JSON.stringify(is)) await recordAudit(tx, target.audit, { action: 'update', entity, entityId: before.id, before: was, after: is });
    return { sname: before.sname, after: is };
  });
  forgetTenant(database, sname);
  return after;
}
