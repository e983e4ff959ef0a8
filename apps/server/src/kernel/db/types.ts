import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A Drizzle handle (database or transaction) over either driver: PGlite or postgres.js. Without the
 * schema: Drizzle builds a relational query builder per table for every transaction it opens
 * (2.6 % of the server's time under load on PGlite), and the server writes its queries with the
 * query builder instead.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** What `tx.execute` answered: PGlite gives `{ rows }`, postgres.js an array of rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
