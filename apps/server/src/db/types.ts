import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** A Drizzle handle (database or transaction) over either driver: PGlite or postgres.js. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
