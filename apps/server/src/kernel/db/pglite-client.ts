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
// The answers' bytes are read by pglite-wire.ts, not PGlite's parser.
//
// Only what Drizzle and kernel/db/database.ts use is here (query, exec, transaction), with PGlite's own
// locking (`_runExclusiveTransaction`, `_runExclusiveQuery`), its results and error details.
// PGlite's large-object `blob` option is not supported: nothing here uses it.
import type { PGlite } from '@electric-sql/pglite';
import { protocol, TransactionAbortedError, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { readAnswer, type Answer, type Parsers } from './pglite-wire.ts';

type Serializer = (value: unknown) => string;

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

/** PGlite's error details: the statement and its parameters, on the database's error. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * The backend's bytes for one batch, copied out as they come (they are a view of the database's
 * memory). Through `execProtocolRawStream`: `execProtocolRaw` would also run PGlite's parser over them.
 */
async function exchange(pg: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : joined(chunks);
}

/** One call into the database: the batch's answer, read by pglite-wire.ts; its first error is thrown. */
async function send(pg: PGlite, message: Uint8Array, options?: QueryOptions): Promise<Answer> {
  const answer = readAnswer(await exchange(pg, message), pg.parsers as Parsers, options);
  if (answer.error) throw answer.error;
  return answer;
}

/** After a failure before the batch's own sync: the backend skips everything until a sync. */
const resync = (pg: PGlite) => exchange(pg, serialize.sync());

/** A parameterised query's named statement: parsed once, with its parameters' types. */
type Prepared = { name: string; types: number[] };
type Statements = Map<string, Prepared>;

/**
 * Which queries become named statements, as on PostgreSQL (kernel/db/database.ts): those with parameters
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

/**
 * Simple statements sent ahead of the next statement, in the same call. A transaction's own: its
 * BEGIN and the request's settings (`queue`); their answers come first and are dropped, and an
 * error in them is what that statement throws, as on PostgreSQL, where kernel/db/database.ts pipelines
 * the settings. A transaction's first query thus costs one call, not three. And the client's, for
 * whatever call comes next (`Backend`): the COMMIT of a transaction of reads (`deferCommit`).
 */
type Ahead = { messages: Uint8Array[]; statements: number; begun: boolean };

/** The database and the statements waiting for its next call, whoever makes it. */
type Backend = { pg: PGlite; waiting: Ahead };

/** The batch `parts` behind what waits (the client's, then the transaction's), which goes with it; and how many answers to drop. */
function behind({ waiting }: Backend, ahead: Ahead | null, parts: Uint8Array[]): { batch: Uint8Array; skip: number } {
  const first = [...waiting.messages, ...(ahead?.messages ?? [])];
  const skip = waiting.statements + (ahead?.statements ?? 0);
  Object.assign(waiting, { messages: [], statements: 0 });
  if (ahead && ahead.messages.length > 0) Object.assign(ahead, { messages: [], statements: 0, begun: true });
  return { batch: first.length === 0 ? joined(parts) : joined([...first, ...parts]), skip };
}

async function runQuery<T>(backend: Backend, statements: Statements, text: string, params: unknown[], options: QueryOptions | undefined, ahead: Ahead | null): Promise<Results<T>> {
  const { pg } = backend;
  return pg._runExclusiveQuery(async () => {
    let answer: Answer;
    let skip: number;
    let batch: 'describe' | 'execute' = 'describe';
    try {
      let prepared = options?.paramTypes ? undefined : statements.get(text);
      if (!prepared) {
        const name = !options?.paramTypes && preparable(params.length) && statements.size < maxStatements ? `portal_${statements.size + 1}` : '';
        const describe = behind(backend, ahead, [serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }), serialize.describe({ type: 'S', name })]);
        const described = await send(pg, describe.batch, options);
        prepared = { name, types: described.parameterTypes };
        if (name) statements.set(text, prepared);
      }
      const values = serialised(pg, params, prepared.types, options);
      batch = 'execute';
      const execute = behind(backend, ahead, [serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      skip = execute.skip;
      answer = await send(pg, execute.batch, options);
    } catch (error) {
      // The second batch ends with its own sync; a failure before it leaves the backend waiting for one.
      if (batch === 'describe') await resync(pg);
      throw withQuery(error, text, params, options);
    }
    if (!ahead) await pg.syncToFs();
    return answer.results[skip] as Results<T>;
  });
}

async function runExec(backend: Backend, text: string, options: QueryOptions | undefined, ahead: Ahead | null): Promise<Results[]> {
  const { pg } = backend;
  return pg._runExclusiveQuery(async () => {
    let answer: Answer;
    const { batch, skip } = behind(backend, ahead, [serialize.query(text), serialize.sync()]);
    try {
      answer = await send(pg, batch, options);
    } catch (error) {
      throw withQuery(error, text, undefined, options);
    }
    if (!ahead) await pg.syncToFs();
    return answer.results.slice(skip);
  });
}

/** Statements of a transaction's answers that change nothing: reads, and the transaction's own. */
const READING = new Set(['SELECT', 'BEGIN', 'COMMIT', 'SHOW', 'SET']);

/** `pg` behind PGlite's `query`, `exec` and `transaction`, a query in one call into the database once prepared. */
export function batchedClient(pg: PGlite): BatchedClient {
  const statements: Statements = new Map();
  const backend: Backend = { pg, waiting: { messages: [], statements: 0, begun: false } };
  return {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => pg._runExclusiveTransaction(() => runQuery<T>(backend, statements, text, params, options, null)),
    exec: (text: string, options?: QueryOptions) => pg._runExclusiveTransaction(() => runExec(backend, text, options, null)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pg._runExclusiveTransaction(async () => {
        const ahead: Ahead = { messages: [serialize.query('BEGIN')], statements: 1, begun: false };
        let closed = false;
        // deferCommit: the caller says the work only reads; `wrote`, `failed` and `running` say what it did.
        let deferred = false;
        let wrote = false;
        let failed = false;
        let running = 0;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const watched = async <R>(results: () => Promise<R>, commands: (answer: R) => Results[]): Promise<R> => {
          running += 1;
          try {
            const answer = await results();
            if (commands(answer).some((result) => !READING.has(result.command ?? ''))) wrote = true;
            return answer;
          } catch (error) {
            failed = true;
            throw error;
          } finally {
            running -= 1;
          }
        };
        // Nothing was sent when the work ended before its first statement: nothing to end. Queued
        // statements no statement followed are dropped: they would only change what the end throws.
        const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
          if (!ahead.begun) return [];
          Object.assign(ahead, { messages: [], statements: 0 });
          return runExec(backend, statement, undefined, ahead);
        };
        const tx = {
          query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            open();
            return watched(() => runQuery<R>(backend, statements, text, params, options, ahead), (result) => [result as Results]);
          },
          exec: async (text: string, options?: QueryOptions) => {
            open();
            return watched(() => runExec(backend, text, options, ahead), (results) => results);
          },
          /** Sends `text` with the transaction's next statement; see Ahead. One statement: each is one answer to drop. */
          queue: (text: string) => {
            open();
            if (text.includes(';')) throw new Error('queue takes one statement, without ";"');
            ahead.messages.push(serialize.query(text));
            ahead.statements += 1;
          },
          /**
           * The work only reads: its COMMIT, which then can neither fail nor make anything
           * durable, waits for the next call into the database, whoever makes it, instead of
           * taking a call of its own. Every call goes through this client and sends it first, so
           * the next work sees the database as if it had been sent at once. Should the work write
           * (a statement answers INSERT, UPDATE, DELETE...), fail, or leave a statement still
           * running when it returns (which must run inside it), it commits at once after all.
           * Writes are told by their answer only: not for work that writes through a statement
           * answering SELECT (a function that writes, a data-modifying WITH, SELECT INTO).
           */
          deferCommit: () => {
            deferred = true;
          },
          rollback: async () => {
            open();
            await end('ROLLBACK');
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
            if (deferred && !wrote && !failed && running === 0 && ahead.begun) {
              backend.waiting.messages.push(serialize.query('COMMIT'));
              backend.waiting.statements += 1;
              return result;
            }
            // COMMIT of a transaction a failed statement aborted answers ROLLBACK.
            const [commit] = await end('COMMIT');
            if (commit?.command === 'ROLLBACK') throw withQuery(new TransactionAbortedError(), 'COMMIT', undefined, undefined);
          }
          await pg.syncToFs();
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await end('ROLLBACK');
          }
          throw error;
        }
      }),
  };
}
