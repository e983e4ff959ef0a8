// Drizzle queries of the phone numbers module; every one runs in the caller's tenant transaction,
// so row-level security keeps another tenant's numbers out of sight.
import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import { dids } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { KeysetPosition } from '../kernel/db/keyset.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

export type DidRow = typeof dids.$inferSelect;
export type DidValues = Omit<typeof dids.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;


export async function listDids(tx: Database, filter: { q?: string | undefined; after: KeysetPosition | null; limit: number }): Promise<DidRow[]> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(present(or(ilike(dids.number, likePattern(filter.q)), ilike(dids.country, likePattern(filter.q))), 'the or() of its conditions'));
  if (filter.after) {
    const { key, id } = filter.after;
    conditions.push(present(or(gt(dids.number, key), and(eq(dids.number, key), gt(dids.id, id))), 'the or() of its conditions'));
  }
  return tx
    .select()
    .from(dids)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(dids.number), asc(dids.id))
    .limit(filter.limit);
}

export async function findDid(tx: Database, id: string): Promise<DidRow | null> {
  const [row] = await tx.select().from(dids).where(eq(dids.id, id)).limit(1);
  return row ?? null;
}

export async function insertDid(tx: Database, tenantId: string, values: DidValues): Promise<DidRow> {
  const [row] = await tx
    .insert(dids)
    .values({ ...values, tenantId })
    .returning();
  return present(row, 'row');
}

export async function updateDidRow(tx: Database, id: string, values: Partial<DidValues>): Promise<DidRow | null> {
  if (Object.keys(values).length === 0) return findDid(tx, id);
  const [row] = await tx.update(dids).set(values).where(eq(dids.id, id)).returning();
  return row ?? null;
}

export async function deleteDidRow(tx: Database, id: string): Promise<void> {
  await tx.delete(dids).where(eq(dids.id, id));
}
