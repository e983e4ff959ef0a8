// A tenant's subscriptions and payment transactions as the tenant detail lists them: newest
// first, keyset-paged on (created_at, id). The caller hands in the target tenant's transaction,
// whose row-level security keeps every other tenant's records out.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { paymentTransactions, subscriptions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';

export type PageQuery = { cursor?: string | undefined; limit?: number | undefined };
type Page<T> = { items: T[]; nextCursor: string | null };

type Listed = PgTable & { id: PgColumn; tenantId: PgColumn; createdAt: PgColumn };

async function newestFirst<T extends Listed, Item>(tx: Database, table: T, tenantId: string, query: PageQuery, toItem: (row: T['$inferSelect']) => Item): Promise<Page<Item>> {
  const limit = query.limit ?? 25;
  const conditions: SQL[] = [eq(table.tenantId, tenantId)];
  if (query.cursor) conditions.push(olderThan(table.createdAt, table.id, timeKeyOfCursor(query.cursor)));
  const rows = await tx
    .select({ row: table, id: table.id, at: microsecondKey(table.createdAt) })
    // tsc needs this assertion (from() does not accept the generic table), though the rule cannot see why.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    .from(table as PgTable)
    .where(and(...conditions))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit + 1);
  const { page, nextCursor } = newestFirstPage(rows as { row: T['$inferSelect']; id: string; at: string }[], limit);
  return { items: page.map(({ row }) => toItem(row)), nextCursor };
}

export function listTenantTransactions(tx: Database, tenantId: string, query: PageQuery): Promise<Page<Schemas['TenantTransaction']>> {
  return newestFirst(tx, paymentTransactions, tenantId, query, (row) => ({
    id: row.id,
    reference: row.reference,
    mode: row.mode,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    remarks: row.remarks,
    createdAt: row.createdAt.toISOString(),
  }));
}

export function listTenantSubscriptions(tx: Database, tenantId: string, query: PageQuery): Promise<Page<Schemas['TenantSubscription']>> {
  return newestFirst(tx, subscriptions, tenantId, query, (row) => ({
    id: row.id,
    product: row.product,
    plan: row.plan,
    licenses: row.licenses,
    billingCycle: row.billingCycle,
    status: row.status,
    autoRenewal: row.autoRenewal,
    effectiveDate: row.effectiveDate.toISOString(),
    nextInvoiceDate: row.nextInvoiceDate?.toISOString() ?? null,
    nextInvoiceAmount: row.nextInvoiceAmount,
    currency: row.currency,
  }));
}
