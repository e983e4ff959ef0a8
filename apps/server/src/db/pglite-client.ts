// PGlite as Drizzle's client, with fewer trips through its WebAssembly boundary. PGlite's own
// `query` sends a parameterised query as six protocol messages, one call into the database each
// (parse, describe, bind, describe, execute, sync), and `exec` as two (query, sync). Every call
// pays a fixed cost (the backend's message loop, the result buffers, the file system's seek), and
// with the request's settings, BEGIN and COMMIT a request made about forty. Here a parameterised
// query is a named statement, parsed once (its parameters' types, which serialising the values
// needs, kept with it), and then takes one call: bind, describe, execute and sync together; the
// first time takes one more for parse and describe. A simple query takes one call. The backend
// handles batched messages exactly as it handles them one by one: after an error it skips to the
// sync. A named statement outlives errors and rollbacks, and PostgreSQL plans it again when a
// table it uses changes or another role runs it (row-level security).
//
// Only what Drizzle and db/database.ts use is here (query, exec, transaction), with PGlite's own
// locking (`_runExclusiveTransaction`, `_runExclusiveQuery`), its results and error details.
// PGlite's large-object `blob` option is not supported: nothing here uses it.
import type { PGlite } from '@electric-sql/pglite';
import { protocol, TransactionAbortedError, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
type Serializer = (value: unknown) => string;
type Parser = (value: string, type: number) => unknown;
type Parsers = Record<number, Parser | undefined>;

/** The subset of PGlite that Drizzle's PGlite driver calls (`query`, `transaction`), plus `exec`. */
export type BatchedClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The messages' results, as PGlite's `parse.parseResults` makes them. That one first copies all of
 * PGlite's parsers (one per type and array type, hundreds) together with the query's own, on every
 * query, which was about 7 % of the server's time under load; here the query's own are looked up first.
 */
function resultsOf(messages: Messages, parsers: Parsers, options: QueryOptions | undefined): Results[] {
  const own = options?.parsers as Parsers | undefined;
  const asArrays = options?.rowMode === 'array';
  const results: Results[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  const value = (text: string | null, type: number) => {
    if (text === null) return null;
    const parser = own?.[type] ?? parsers[type];
    return parser ? parser(text, type) : text;
  };
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: { name: string; dataTypeID: number }[] }).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    } else if (message.name === 'dataRow') {
      const cells = (message as unknown as { fields: (string | null)[] }).fields;
      if (asArrays) rows.push(cells.map((cell, index) => value(cell, fields[index]?.dataTypeID ?? 0)));
      else rows.push(Object.fromEntries(cells.map((cell, index) => [fields[index]?.name ?? String(index), value(cell, fields[index]?.dataTypeID ?? 0)])));
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += count;
      results.push({ rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results);
      fields = [];
      rows = [];
    }
  }
  return results.length > 0 ? results : [{ affectedRows: 0, rows: [], fields: [] }];
}

/** PGlite's error details: the statement and its parameters, on the database's error. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

const send = (pg: PGlite, message: Uint8Array, options?: QueryOptions): Promise<Messages> =>
  pg.execProtocolStream(message, { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });

/** After a failure before the batch's own sync: the backend skips everything until a sync. */
const resync = (pg: PGlite) => pg.execProtocolStream(serialize.sync(), { syncToFs: false, throwOnError: false });

/** A parameterised query's named statement: parsed once, with its parameters' types. */
type Prepared = { name: string; types: number[] };
type Statements = Map<string, Prepared>;

/**
 * Which queries become named statements, as on PostgreSQL (db/database.ts): those with parameters
 * (Drizzle's text of a query depends on its shape, never its values), not too many of them (a bulk
 * insert's text changes with its row count). Statements without parameters (settings, DDL,
 * migrations) stay unnamed; past `maxStatements` new texts do too.
 */
const preparable = (parameters: number) => parameters > 0 && parameters <= 100;
const maxStatements = 2_000;

function serialised(pg: PGlite, params: unknown[], types: number[], options: QueryOptions | undefined): (string | null)[] {
  const serializers = pg.serializers as Record<number, Serializer | undefined>;
  const own = options?.serializers as Record<number, Serializer | undefined> | undefined;
  return params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const type = types[index] ?? 0;
    const serializer = own?.[type] ?? serializers[type];
    return serializer ? serializer(value) : String(value);
  });
}

async function runQuery<T>(pg: PGlite, statements: Statements, text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
  return pg._runExclusiveQuery(async () => {
    let messages: Messages;
    let batch: 'describe' | 'execute' = 'describe';
    try {
      let prepared = options?.paramTypes ? undefined : statements.get(text);
      if (!prepared) {
        const name = !options?.paramTypes && preparable(params.length) && statements.size < maxStatements ? `portal_${statements.size + 1}` : '';
        const described = await send(pg, joined([serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }), serialize.describe({ type: 'S', name })]), options);
        const description = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
        prepared = { name, types: description?.dataTypeIDs ?? [] };
        if (name) statements.set(text, prepared);
      }
      const values = serialised(pg, params, prepared.types, options);
      batch = 'execute';
      messages = await send(pg, joined([serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]), options);
    } catch (error) {
      // The second batch ends with its own sync; a failure before it leaves the backend waiting for one.
      if (batch === 'describe') await resync(pg);
      throw withQuery(error, text, params, options);
    }
    if (!inTransaction) await pg.syncToFs();
    return resultsOf(messages, pg.parsers, options)[0] as Results<T>;
  });
}

async function runExec(pg: PGlite, text: string, options: QueryOptions | undefined, inTransaction: boolean): Promise<Results[]> {
  return pg._runExclusiveQuery(async () => {
    let messages: Messages;
    try {
      messages = await send(pg, joined([serialize.query(text), serialize.sync()]), options);
    } catch (error) {
      throw withQuery(error, text, undefined, options);
    }
    if (!inTransaction) await pg.syncToFs();
    return resultsOf(messages, pg.parsers, options);
  });
}

/** `pg` behind PGlite's `query`, `exec` and `transaction`, a query in one call into the database once prepared. */
export function batchedClient(pg: PGlite): BatchedClient {
  const statements: Statements = new Map();
  return {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => pg._runExclusiveTransaction(() => runQuery<T>(pg, statements, text, params, options, false)),
    exec: (text: string, options?: QueryOptions) => pg._runExclusiveTransaction(() => runExec(pg, text, options, false)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pg._runExclusiveTransaction(async () => {
        await runExec(pg, 'BEGIN', undefined, true);
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const tx = {
          query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            open();
            return runQuery<R>(pg, statements, text, params, options, true);
          },
          exec: async (text: string, options?: QueryOptions) => {
            open();
            return runExec(pg, text, options, true);
          },
          rollback: async () => {
            open();
            await runExec(pg, 'ROLLBACK', undefined, true);
            closed = true;
          },
          get closed() {
            return closed;
          },
        } as unknown as Transaction;
        try {
          const result = await callback(tx);
          if (!closed) {
            closed = true;
            // COMMIT of a transaction a failed statement aborted answers ROLLBACK.
            const [commit] = await runExec(pg, 'COMMIT', undefined, true);
            if (commit?.command === 'ROLLBACK') throw withQuery(new TransactionAbortedError(), 'COMMIT', undefined, undefined);
          }
          await pg.syncToFs();
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await runExec(pg, 'ROLLBACK', undefined, true);
          }
          throw error;
        }
      }),
  };
}
