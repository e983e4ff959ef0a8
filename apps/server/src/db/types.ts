import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** A Drizzle handle (database or transaction) over either driver: PGlite or postgres.js. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `tx.execute` answered: PGlite gives `{ rows }`, postgres.js an array of rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
