// Reading the audit log: the caller's tenant's entries (row-level security keeps every other
// tenant's out), newest first, filtered, keyset-paged on (created_at, id). The cursor keeps
// created_at at PostgreSQL's microsecond precision: the entries of one transaction (an import)
// share one timestamp, and a millisecond cursor would skip or repeat them.
import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor, type TimeKey } from '../kernel/db/keyset.ts';
import { auditLog } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

type AuditEntry = Schemas['AuditEntry'];

export type AuditFilter = {
  entity?: string | undefined;
  action?: 'create' | 'update' | 'delete' | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** 400 `end_before_start` on `to` when the range ends before it starts (spec: 'Cannot Choose a Pre-Date for End Date'). */
export function checkRange(filter: AuditFilter): void {
  if (filter.from && filter.to && Date.parse(filter.to) < Date.parse(filter.from)) {
    throw fieldError('to', 'end_before_start', 'The end date is before the start date.');
  }
}


async function selectEntries(tx: Database, tenantId: string, filter: AuditFilter, after: TimeKey | null, limit: number) {
  const conditions: SQL[] = [eq(auditLog.tenantId, tenantId)];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const actor = filter.actor?.trim();
  if (actor) conditions.push(ilike(auditLog.actorLabel, likePattern(actor)));
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(filter.to)));
  if (after) conditions.push(olderThan(auditLog.createdAt, auditLog.id, after));
  return tx
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      at: microsecondKey(auditLog.createdAt),
      actorLabel: auditLog.actorLabel,
      actorUserId: auditLog.actorUserId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function toDto(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorLabel,
    actorUserId: row.actorUserId,
    action: row.action,
    // Only recordAudit writes entries, and its type is the contract's list of kinds.
    entity: row.entity as AuditEntry['entity'],
    entityId: row.entityId,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export async function listAuditPage(
  db: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>,
  tenantId: string,
  query: AuditFilter & { cursor?: string | undefined; limit?: number | undefined },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  checkRange(query);
  const limit = query.limit ?? 25;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;
  const rows = await db((tx) => selectEntries(tx, tenantId, query, after, limit + 1));
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return { items: page.map(toDto), nextCursor };
}

export const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE = 1000;
export const exportColumns = ['when', 'actor', 'action', 'entity', 'entityId', 'ip', 'before', 'after'] as const;

/** The matching entries as CSV cells, read in keyset pages while the response streams, at most EXPORT_MAX_ROWS. */
export async function* exportAuditRows(
  db: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>,
  tenantId: string,
  filter: AuditFilter,
): AsyncGenerator<string[]> {
  let after: TimeKey | null = null;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const key: TimeKey | null = after;
    const rows: EntryRow[] = await db((tx) => selectEntries(tx, tenantId, filter, key, Math.min(EXPORT_PAGE, EXPORT_MAX_ROWS - sent)));
    for (const row of rows) {
      const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
      yield [row.createdAt.toISOString(), row.actorLabel, row.action, row.entity, row.entityId ?? '', row.ip ?? '', json(row.before), json(row.after)];
    }
    sent += rows.length;
    if (rows.length < EXPORT_PAGE) return;
    after = { at: present(rows.at(-1), 'rows.at(-1)').at, id: present(rows.at(-1), 'rows.at(-1)').id };
  }
}
