// Statements that every request runs, sent straight to the driver with their text. For those,
// Drizzle's work around the database's own (building the statement's text from its parts, an
// object for each execution, mapping each row) cost as much as the database on PGlite: a sixth of
// a users page request at a million users (docs/benchmarks.md, bench:users). Everything else goes through Drizzle.
//
// Values come as each driver parses them, which differs for times (Drizzle has postgres.js leave
// them as text, PGlite makes Date objects): select times as epoch milliseconds or text, or read
// them with `timeOf`.
import type { Database } from './types.ts';

type PgliteClient = { query: (text: string, params: unknown[], options: { rowMode: 'array' }) => Promise<{ rows: unknown[][] }> };
type PostgresClient = { unsafe: (text: string, params: unknown[]) => { values: () => Promise<unknown[][]> } };

/**
 * The rows of `text` (parameters as $1, $2...) in `tx`, each as its columns in select order. A
 * transaction's client is Drizzle's session client: PGlite's is kernel/db/pglite-client.ts's, where the
 * text becomes a named statement; postgres.js prepares it too (kernel/db/database.ts, `preparing`).
 */
export async function rawValues(tx: Database, text: string, params: unknown[]): Promise<unknown[][]> {
  const { client } = (tx as unknown as { session: { client: PgliteClient | PostgresClient } }).session;
  if ('unsafe' in client) return client.unsafe(text, params).values();
  return (await client.query(text, params, { rowMode: 'array' })).rows;
}

/** A timestamptz column as either driver gives it. */
export const timeOf = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));
