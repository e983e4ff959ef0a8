// Tables holding rows a user owns (meetings, recordings ...). Deleting a user walks this registry
// to hand every row to the new owner, or to delete it when the data is not transferred. Domain
// modules register their tables when they load, so deleteUser never needs to know them.
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../kernel/db/types.ts';

export type OwnedData = {
  table: PgTable;
  ownerColumn: PgColumn;
  /**
   * Runs in the deleting transaction before the user's rows go (not when they are transferred):
   * for what lives outside the database, such as a recording's files, to be removed once it commits.
   */
  beforeDelete?: (tx: Database, userId: string) => Promise<void>;
};

const registry: OwnedData[] = [];

export function registerOwnedData(entry: OwnedData): void {
  if (!registry.some((e) => e.table === entry.table && e.ownerColumn === entry.ownerColumn)) registry.push(entry);
}

export function ownedDataTables(): readonly OwnedData[] {
  return registry;
}

/** Reassigns (`transferTo` set) or deletes every registered row owned by `userId`, in `tx`. */
export async function releaseOwnedData(tx: Database, userId: string, transferTo: string | null): Promise<void> {
  for (const { table, ownerColumn, beforeDelete } of registry) {
    if (transferTo) {
      await tx.execute(sql`update ${table} set ${sql.identifier(ownerColumn.name)} = ${transferTo} where ${eq(ownerColumn, userId)}`);
    } else {
      await beforeDelete?.(tx, userId);
      await tx.delete(table).where(eq(ownerColumn, userId));
    }
  }
}
