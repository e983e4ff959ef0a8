// Invoice history (invoices and transactions), newest first, keyset-paged, filtered by date and
// searched; the caller hands in a transaction of one tenant, or the platform's for every tenant.
import { and, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { invoices, paymentTransactions, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { invoiceToApi } from './invoices.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

export type HistoryQuery = { from?: string | undefined; to?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit?: number | undefined };


/** 'Cannot Choose a Pre-Date for End Date': an end before the start is refused. */
export function checkRange(query: HistoryQuery): void {
  if (query.from && query.to && new Date(query.to).getTime() < new Date(query.from).getTime()) throw fieldError('to', 'invalid_date_range', 'Cannot Choose a Pre-Date for End Date');
}

export async function listInvoices(tx: Database, tenantId: string | null, query: HistoryQuery & { status?: Schemas['Invoice']['status'] | undefined }): Promise<Schemas['InvoicePage']> {
  checkRange(query);
  const limit = query.limit ?? 25;
  const conditions: SQL[] = [];
  if (tenantId) conditions.push(eq(invoices.tenantId, tenantId));
  if (query.from) conditions.push(gte(invoices.issuedAt, new Date(query.from)));
  if (query.to) conditions.push(lte(invoices.issuedAt, new Date(query.to)));
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.q) conditions.push(present(or(ilike(invoices.number, likePattern(query.q)), ilike(tenants.name, likePattern(query.q))), 'the or() of its conditions'));
  if (query.cursor) conditions.push(olderThan(invoices.issuedAt, invoices.id, timeKeyOfCursor(query.cursor)));
  const rows = await tx
    .select({ row: invoices, tenantName: tenants.name, id: invoices.id, at: microsecondKey(invoices.issuedAt) })
    .from(invoices)
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .where(and(...conditions))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit + 1);
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return { items: page.map(({ row, tenantName }) => invoiceToApi(row, tenantName)), nextCursor };
}

export async function listPayments(tx: Database, tenantId: string, query: HistoryQuery): Promise<{ items: Schemas['TenantTransaction'][]; nextCursor: string | null }> {
  checkRange(query);
  const limit = query.limit ?? 25;
  const conditions: SQL[] = [eq(paymentTransactions.tenantId, tenantId)];
  if (query.from) conditions.push(gte(paymentTransactions.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(paymentTransactions.createdAt, new Date(query.to)));
  if (query.q) conditions.push(present(or(ilike(paymentTransactions.reference, likePattern(query.q)), ilike(paymentTransactions.remarks, likePattern(query.q))), 'the or() of its conditions'));
  if (query.cursor) conditions.push(olderThan(paymentTransactions.createdAt, paymentTransactions.id, timeKeyOfCursor(query.cursor)));
  const rows = await tx
    .select({ row: paymentTransactions, id: paymentTransactions.id, at: microsecondKey(paymentTransactions.createdAt) })
    .from(paymentTransactions)
    .where(and(...conditions))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(limit + 1);
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return {
    items: page.map(({ row }) => ({ id: row.id, reference: row.reference, mode: row.mode, amount: row.amount, currency: row.currency, status: row.status, remarks: row.remarks, createdAt: row.createdAt.toISOString() })),
    nextCursor,
  };
}
