// A tenant's subscriptions and payment transactions as the tenant detail lists them: newest
// first, keyset-paged on (created_at, id). The caller hands in the target tenant's transaction,
// whose row-level security keeps every other tenant's records out.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { invoices, paymentTransactions, subscriptions, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import type { InvoiceRow } from './invoices.ts';

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

/**
 * Whether and when a subscription renews, as every view of it shows: one cancelled at the cycle end
 * (or with auto renewal off) renews no more, so it has no next invoice.
 */
export function renewalOf(row: Pick<typeof subscriptions.$inferSelect, 'autoRenewal' | 'cancelAtPeriodEnd' | 'nextInvoiceDate' | 'nextInvoiceAmount'>): { autoRenewal: boolean; nextInvoiceDate: string | null; nextInvoiceAmount: number | null } {
  const renews = row.autoRenewal && !row.cancelAtPeriodEnd;
  return { autoRenewal: renews, nextInvoiceDate: renews ? (row.nextInvoiceDate?.toISOString() ?? null) : null, nextInvoiceAmount: renews ? row.nextInvoiceAmount : null };
}

export function listTenantSubscriptions(tx: Database, tenantId: string, query: PageQuery): Promise<Page<Schemas['TenantSubscription']>> {
  return newestFirst(tx, subscriptions, tenantId, query, (row) => ({
    id: row.id,
    product: row.product,
    plan: row.plan,
    licenses: row.licenses,
    billingCycle: row.billingCycle,
    status: row.status,
    effectiveDate: row.effectiveDate.toISOString(),
    ...renewalOf(row),
    currency: row.currency,
  }));
}

/** The language the tenant chose for its documents, or null to follow the platform's. */
export async function tenantLanguageSetting(tx: Database, tenantId: string): Promise<InvoiceRow['language'] | null> {
  const [row] = await tx.select({ defaultLanguage: tenants.defaultLanguage }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.defaultLanguage ?? null;
}

/** The tenant as the payment provider's checkout names it: its name and its customer there, once it has one. */
export async function paymentCustomer(tx: Database, tenantId: string): Promise<{ name: string; customerId: string | null } | undefined> {
  const [tenant] = await tx.select({ name: tenants.name, customerId: tenants.paymentCustomerId }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant;
}

/** Remembers a started checkout: the provider's reference on the invoice and, when the provider made one, the tenant's customer. */
export async function saveCheckout(tx: Database, checkout: { invoiceId: string; tenantId: string; reference: string | null; customerId: string | null }): Promise<void> {
  await tx.update(invoices).set({ providerReference: checkout.reference }).where(eq(invoices.id, checkout.invoiceId));
  if (checkout.customerId) await tx.update(tenants).set({ paymentCustomerId: checkout.customerId }).where(eq(tenants.id, checkout.tenantId));
}

/** Voids the invoice unless it is no longer open (paid meanwhile, or void already). */
export async function voidOpenInvoice(tx: Database, invoiceId: string): Promise<void> {
  await tx.update(invoices).set({ status: 'void' }).where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')));
}

export async function findInvoice(tx: Database, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row;
}

/** Whose invoice it is, its number and status: what a bank transfer is checked against before it is recorded. */
export async function invoiceStanding(tx: Database, invoiceId: string): Promise<Pick<InvoiceRow, 'tenantId' | 'number' | 'status'> | undefined> {
  const [found] = await tx.select({ tenantId: invoices.tenantId, number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  return found;
}
