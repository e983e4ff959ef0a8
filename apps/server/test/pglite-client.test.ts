// The batched PGlite client (src/kernel/db/pglite-client.ts) answers as PGlite's own query, exec and
// transaction do, errors included, in fewer calls into the database, its queries prepared once.
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedClient, type BatchedClient } from '../src/kernel/db/pglite-client.ts';

let pg: PGlite;
let client: BatchedClient;
let calls = 0;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create table items (id int primary key, name text not null, tags text[], data jsonb, at timestamptz, price numeric, ok boolean)`);
  // Every way into the backend ends in execProtocolRawSync: one call is one pass of its message loop.
  const raw = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (message) => {
    calls += 1;
    return raw(message);
  };
  client = batchedClient(pg);
});
afterAll(async () => {
  await pg.close();
});

const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; calls: number }> => {
  const before = calls;
  const result = await work();
  return { result, calls: calls - before };
};

const insert = 'insert into items (id, name, tags, data, at, price, ok) values ($1, $2, $3, $4, $5, $6, $7)';
const select = 'select id, name, tags, data, at, price, ok from items where id = any($1) order by id';

describe('the batched PGlite client', () => {
  it('writes and reads every kind of value as PGlite does: a query in two calls, then one once prepared, and an exec in one', async () => {
    const row = [1, 'Ada', ['a', 'b'], { nested: [1, 'x'] }, new Date('2030-01-02T03:04:05Z'), '12.50', true];
    const written = await counted(() => client.query(insert, row));
    expect(written.calls).toBe(2);
    expect(written.result.affectedRows).toBe(1);
    await pg.query(insert, [2, 'Bob', null, null, null, null, false]);

    for (const rowMode of ['array', 'object'] as const) {
      const options = { rowMode, parsers: { 1184: (value: string) => value } };
      const ours = await counted(() => client.query(select, [[1, 2]], options));
      expect(ours.calls).toBe(rowMode === 'array' ? 2 : 1);
      expect(ours.result.rows).toEqual((await pg.query(select, [[1, 2]], options)).rows);
      expect(ours.result.fields.map((field) => field.name)).toEqual(['id', 'name', 'tags', 'data', 'at', 'price', 'ok']);
    }
    const updated = await client.query('update items set ok = $1 where id = any($2)', [true, [1, 2]]);
    expect(updated).toMatchObject({ command: 'UPDATE', affectedRows: 2, rowCount: 2, rows: [] });
    const exec = await counted(() => client.exec(`select set_config('app.x', 'y', false) as x; select 2 as two`));
    expect(exec.calls).toBe(1);
    expect(exec.result.map((result) => result.rows)).toEqual([[{ x: 'y' }], [{ two: 2 }]]);
  });

  it('answers a failed query with the database error and its statement, and the next query works', async () => {
    const failed = await client.query(insert, [1, 'again', null, null, null, null, null]).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505', query: insert });
    // Every field of the error, as PGlite's own parser reads it.
    const theirs = await pg.query(insert, [1, 'again', null, null, null, null, null]).catch((error: unknown) => error);
    const details = (error: unknown) => {
      const { message, severity, code, detail, schema, table, constraint, routine } = error as Record<string, unknown>;
      return { message, severity, code, detail, schema, table, constraint, routine };
    };
    expect(details(failed)).toEqual(details(theirs));
    expect(details(failed)).toMatchObject({ detail: 'Key (id)=(1) already exists.', table: 'items', constraint: 'items_pkey' });
    const unknown = await client.query('select * from nowhere where id = $1', [1]).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: '42P01' });
    // A value that cannot be serialised fails between the two batches.
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    const unserialisable = await client.query('select $1::jsonb as j', [loop]).catch((error: unknown) => error);
    expect(unserialisable).toBeInstanceOf(TypeError);
    expect((await client.query<{ n: number }>('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  });

  it('sends a transaction’s BEGIN and queued settings with its first statement: a read in two calls in all', async () => {
    type Queueing = { queue: (text: string) => void };
    const read = await counted(() =>
      client.transaction(async (tx) => {
        (tx as unknown as Queueing).queue(`select set_config('app.tenant', 'acme', true)`);
        return (await tx.query<{ v: string }>(`select current_setting('app.tenant') as v, $1::int as n`, [1])).rows;
      }),
    );
    expect(read).toEqual({ calls: 3, result: [{ v: 'acme', n: 1 }] }); // parse and describe once, the query, COMMIT
    const again = await counted(() =>
      client.transaction(async (tx) => {
        (tx as unknown as Queueing).queue(`select set_config('app.tenant', 'globex', true)`);
        return (await tx.query<{ v: string }>(`select current_setting('app.tenant') as v, $1::int as n`, [2])).rows;
      }),
    );
    expect(again).toEqual({ calls: 2, result: [{ v: 'globex', n: 2 }] });
    // Work that sends nothing costs nothing; an exec's answers are its own, not BEGIN's.
    expect((await counted(() => client.transaction(async () => 'idle'))).calls).toBe(0);
    const exec = await client.transaction(async (tx) => tx.exec('select 1 as one; select 2 as two'));
    expect(exec.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    // A queued statement's error is what the next statement throws, and the transaction rolls back.
    const failed = await client
      .transaction(async (tx) => {
        (tx as unknown as Queueing).queue(`select set_config('role', 'no_such_role', true)`);
        await tx.query(insert, [20, 'never', null, null, null, null, null]);
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '22023' });
    // Queued after the last statement, then the work throws: its own error, not the queued one's.
    const original = await client
      .transaction(async (tx) => {
        await tx.query('select 1');
        (tx as unknown as Queueing).queue(`select set_config('role', 'no_such_role', true)`);
        throw new Error('original');
      })
      .catch((error: unknown) => error);
    expect(original).toMatchObject({ message: 'original' });
    await expect(client.transaction(async (tx) => (tx as unknown as Queueing).queue('select 1; select 2'))).rejects.toThrow('one statement');
    expect((await client.query('select id from items where id = 20')).rows).toEqual([]);
    expect((await client.query<{ v: string }>(`select current_setting('app.tenant', true) as v`)).rows).toEqual([{ v: '' }]);
  });

  it('sends the COMMIT of work that only reads with the next call, whoever makes it; work that writes or fails commits at once', async () => {
    type Deferring = { deferCommit: () => void };
    const reading = (n: number) =>
      client.transaction(async (tx) => {
        (tx as unknown as Deferring).deferCommit();
        return (await tx.query<{ n: number }>('select $1::int as n', [n])).rows;
      });
    await reading(0); // prepared
    expect(await counted(() => reading(1))).toEqual({ calls: 1, result: [{ n: 1 }] });
    // The next work begins after that COMMIT: VACUUM refuses to run inside a transaction block.
    expect(await counted(() => client.exec('vacuum items'))).toMatchObject({ calls: 1, result: [expect.objectContaining({ command: 'VACUUM' })] });
    await reading(2);
    expect((await counted(() => reading(3))).calls).toBe(1);
    const insideNext = await client.transaction(async (tx) => (await tx.query<{ n: number }>(`select count(*)::int as n from items where id = 30`)).rows);
    expect(insideNext).toEqual([{ n: 0 }]);
    // Work that writes after all commits at once, and what it wrote is there.
    const wrote = await counted(() =>
      client.transaction(async (tx) => {
        (tx as unknown as Deferring).deferCommit();
        await tx.query(insert, [30, 'kept', null, null, null, null, null]);
      }),
    );
    expect(wrote.calls).toBe(2);
    // A caught failure still makes its COMMIT refuse, at once.
    const aborted = await client
      .transaction(async (tx) => {
        (tx as unknown as Deferring).deferCommit();
        await tx.query('select 1 / 0').catch(() => {});
      })
      .catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(TransactionAbortedError);
    await reading(4);
    expect((await client.query<{ name: string }>('select name from items where id = 30')).rows).toEqual([{ name: 'kept' }]);
    // A statement the work left running still runs inside it, under its settings, before its COMMIT.
    let late!: Promise<{ rows: { v: string }[] }>;
    await client.transaction(async (tx) => {
      (tx as unknown as Deferring).deferCommit();
      (tx as unknown as { queue: (text: string) => void }).queue(`select set_config('app.late', 'inside', true)`);
      await tx.query('select 1');
      late = tx.query<{ v: string }>(`select current_setting('app.late', true) as v`);
    });
    expect((await late).rows).toEqual([{ v: 'inside' }]);
  });

  it('hands the notices a statement raises to onNotice', async () => {
    const notices: string[] = [];
    await client.query(`do $$ begin raise notice 'first'; raise notice 'second: %', 2; end $$`, [], { onNotice: (notice) => notices.push(String(notice.message)) });
    expect(notices).toEqual(['first', 'second: 2']);
  });

  it('commits a transaction, and rolls it back when its work throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query(insert, [10, 'kept', null, null, null, null, null]);
      await tx.exec(`select set_config('app.tenant', 'acme', true)`);
      expect((await tx.query<{ v: string }>(`select current_setting('app.tenant') as v`)).rows).toEqual([{ v: 'acme' }]);
    });
    const thrown = await client
      .transaction(async (tx) => {
        await tx.query(insert, [11, 'dropped', null, null, null, null, null]);
        await tx.query(insert, [10, 'duplicate', null, null, null, null, null]);
      })
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ code: '23505' });
    expect((await client.query('select id from items where id in (10, 11) order by id')).rows).toEqual([{ id: 10 }]);
    expect((await client.query<{ v: string }>(`select current_setting('app.tenant', true) as v`)).rows).toEqual([{ v: '' }]);
  });

  it('refuses to commit a transaction whose failed statement was caught, and rolls back on request', async () => {
    const aborted = await client
      .transaction(async (tx) => {
        await tx.query(insert, [12, 'lost', null, null, null, null, null]);
        await tx.query('select 1 / 0').catch(() => {});
      })
      .catch((error: unknown) => error);
    expect(aborted).toBeInstanceOf(TransactionAbortedError);
    await client.transaction(async (tx) => {
      await tx.query(insert, [13, 'undone', null, null, null, null, null]);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect((await client.query('select id from items where id in (12, 13)')).rows).toEqual([]);
  });

  it('keeps a named statement through errors and rollbacks, and leaves queries without parameters unnamed', async () => {
    const read = 'select name from items where id = $1';
    expect((await counted(() => client.query(read, [1]))).calls).toBe(2);
    await client
      .transaction(async (tx) => {
        expect((await tx.query(read, [1])).rows).toEqual([{ name: 'Ada' }]);
        throw new Error('undo');
      })
      .catch(() => {});
    const again = await counted(() => client.query(read, [2]));
    expect(again).toEqual({ calls: 1, result: expect.objectContaining({ rows: [{ name: 'Bob' }] }) });
    // A statement that does not parse is not kept: it fails again, and the next query works.
    for (let attempt = 0; attempt < 2; attempt += 1) await expect(client.query('select nme from items where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await counted(() => client.query('select count(*)::int as n from items'))).calls).toBe(2);
    expect((await counted(() => client.query('select count(*)::int as n from items'))).calls).toBe(2);
  });

  it('runs one transaction at a time: a query outside waits for the open transaction', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = client.transaction(async (tx) => {
      await tx.query(insert, [20, 'first', null, null, null, null, null]);
      order.push('first wrote');
      await held;
      order.push('first commits');
    });
    const outside = client.query<{ n: number }>('select count(*)::int as n from items where id = 20').then((result) => {
      order.push('outside read');
      return result.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await outside).toBe(1);
    await first;
    expect(order).toEqual(['first wrote', 'first commits', 'outside read']);
  });
});
