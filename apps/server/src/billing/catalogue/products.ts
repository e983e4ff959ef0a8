// The platform's products (spec "Products"): the super administrator creates, edits, disables and
// deletes them in platform transactions, each change audited in the same transaction; every
// scope reads them (row-level security lets any scope select the catalogue). A product that has
// plans cannot be deleted (409 `product_in_use`): disabling it is the way to retire it.
import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../kernel/audit/record.ts';
import { decodeKeysetCursor, keysetPage } from '../../kernel/db/keyset.ts';
import { isUniqueViolation, sqlState } from '../../kernel/db/errors.ts';
import { products } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import type { Schemas } from '../../kernel/http/api.ts';
import { ProblemError, forbidden, notFound } from '../../kernel/http/problem.ts';
import type { RequestScope } from '../../kernel/http/request-scope.ts';
import { present } from '../../kernel/db/present.ts';
import { likePattern } from '../../kernel/db/like.ts';

type Product = Schemas['Product'];
export type CatalogueScope = Pick<RequestScope, 'caller' | 'db' | 'database' | 'audit'>;


export const nameExists = () => new ProblemError(409, 'name_exists', { errors: [{ field: 'name', code: 'name_exists', message: 'The name is taken.' }] });

/** Writes are the platform super administrator's (the operations' role group says so too). */
export function requireSuperadmin(scope: Pick<RequestScope, 'caller'>): void {
  if (!scope.caller.isSuperadmin) throw forbidden();
}

// Written out: inside a select's columns Drizzle leaves columns unqualified, and `id` would mean the plan's.
const planCount = sql<number>`(select count(*)::int from plans where plans.product_id = "products"."id")`;
const nameKey = sql<string>`lower(${products.name})`;

const columns = {
  id: products.id,
  name: products.name,
  description: products.description,
  isBundle: products.isBundle,
  disabled: products.disabled,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  planCount,
  key: nameKey,
};

type ProductRow = { id: string; name: string; description: string; isBundle: boolean; disabled: boolean; createdAt: Date; updatedAt: Date; planCount: number; key: string };

const toDto = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isBundle: row.isBundle,
  disabled: row.disabled,
  planCount: Number(row.planCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const auditView = (row: ProductRow) => ({ name: row.name, description: row.description, isBundle: row.isBundle, disabled: row.disabled });

async function findProduct(tx: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select(columns).from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export type ProductListInput = { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined };

/** Products by name (case-insensitive), searched in name and description; others than the super administrator see enabled ones only. */
export async function listProducts(scope: Pick<RequestScope, 'caller' | 'db'>, input: ProductListInput): Promise<Schemas['ProductPage']> {
  const limit = input.limit ?? 25;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const q = input.q?.trim();
  const conditions: SQL[] = [];
  if (q) conditions.push(present(or(ilike(products.name, likePattern(q)), ilike(products.description, likePattern(q))), 'the or() of its conditions'));
  if (!scope.caller.isSuperadmin) conditions.push(eq(products.disabled, false));
  if (after) conditions.push(present(or(gt(nameKey, after.key), and(eq(nameKey, after.key), gt(products.id, after.id))), 'the or() of its conditions'));
  const rows = await scope.db((tx) =>
    tx
      .select(columns)
      .from(products)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(asc(nameKey), asc(products.id))
      .limit(limit + 1),
  );
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.key);
  return { items: page.map(toDto), nextCursor };
}

export async function getProduct(scope: Pick<RequestScope, 'caller' | 'db'>, id: string): Promise<Product> {
  const row = await scope.db((tx) => findProduct(tx, id));
  if (!row || (row.disabled && !scope.caller.isSuperadmin)) throw notFound();
  return toDto(row);
}

export async function createProduct(scope: CatalogueScope, input: Schemas['ProductCreate']): Promise<Product> {
  requireSuperadmin(scope);
  try {
    return await scope.database.withPlatform(async (tx) => {
      const [inserted] = await tx
        .insert(products)
        .values({ name: input.name.trim(), description: input.description?.trim() ?? '', isBundle: input.isBundle ?? false, disabled: input.disabled ?? false })
        .returning({ id: products.id });
      const created = present(await findProduct(tx, present(inserted, 'inserted').id), 'findProduct(tx, inserted.id)');
      await recordAudit(tx, scope.audit, { action: 'create', entity: 'product', entityId: created.id, after: auditView(created) });
      return toDto(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function updateProduct(scope: CatalogueScope, id: string, patch: Schemas['ProductUpdate']): Promise<Product> {
  requireSuperadmin(scope);
  if (patch.disabled !== undefined && !scope.caller.permissions.has('products.disable')) throw forbidden();
  try {
    return await scope.database.withPlatform(async (tx) => {
      const before = await findProduct(tx, id);
      if (!before) throw notFound();
      await tx
        .update(products)
        .set({
          ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
          ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
          ...(patch.isBundle !== undefined ? { isBundle: patch.isBundle } : {}),
          ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, id));
      const after = present(await findProduct(tx, id), 'findProduct(tx, id)');
      await recordAudit(tx, scope.audit, { action: 'update', entity: 'product', entityId: id, before: auditView(before), after: auditView(after) });
      return toDto(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

/** foreign_key_violation or restrict_violation: another row still references the one being deleted. */
export const isReferenced = (error: unknown) => ['23503', '23001'].includes(sqlState(error) ?? '');

const productInUse = () => new ProblemError(409, 'product_in_use', { detail: 'The product has plans: disable it instead.' });

export async function deleteProduct(scope: CatalogueScope, id: string): Promise<void> {
  requireSuperadmin(scope);
  try {
    await scope.database.withPlatform(async (tx) => {
      const before = await findProduct(tx, id);
      if (!before) throw notFound();
      if (Number(before.planCount) > 0) throw productInUse();
      await tx.delete(products).where(eq(products.id, id));
      await recordAudit(tx, scope.audit, { action: 'delete', entity: 'product', entityId: id, before: auditView(before) });
    });
  } catch (error) {
    // A plan added by a concurrent request (restrict_violation), or anything else that comes to reference the product.
    if (isReferenced(error)) throw productInUse();
    throw error;
  }
}
