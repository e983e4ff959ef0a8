// PGlite has no autovacuum (its setting reads on, but no launcher runs): the server does its work
// (src/kernel/db/pglite-maintenance.ts). Checked here on a real database: dead rows of a churned table go,
// its statistics are refreshed and its pages marked all-visible, and a table under autovacuum's
// thresholds is left alone. On PostgreSQL its own autovacuum does this, and `maintain` answers null.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceDue } from '../src/kernel/db/pglite-maintenance.ts';
import { tenants } from '../src/kernel/db/schema.ts';
import { rowsOf } from '../src/kernel/db/types.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

let created: TestDatabase;
beforeAll(async () => {
  created = await createTestDatabase();
});
afterAll(async () => {
  await created?.database.close();
  await created?.drop();
});

type Stats = { dead: number; vacuumed: boolean; analyzed: boolean; allVisible: number };

const statsOf = async (table: string): Promise<Stats> => {
  // A backend hands its counts to the statistics at most once a second, when idle: wait, then idle once.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await created.database.withPlatform((tx) => tx.execute(sql`select 1`));
  const result = await created.database.withPlatform((tx) =>
    tx.execute(sql`select s.n_dead_tup::int as dead, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed, c.relallvisible::int as "allVisible"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`),
  );
  return rowsOf<Stats>(result)[0]!;
};

describe('maintenanceDue', () => {
  const table = (over: Partial<Parameters<typeof maintenanceDue>[0][number]>) => ({ table: 't', live: 1000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0, ...over });

  it('vacuums past 50 + 20 % of the live rows dead, or 1 000 + 20 % inserted, and only analyses past 50 + 10 % changed', () => {
    expect(maintenanceDue([table({ dead: 250 })])).toEqual({ vacuumed: [], analyzed: [] });
    expect(maintenanceDue([table({ dead: 251 })])).toEqual({ vacuumed: ['t'], analyzed: [] });
    expect(maintenanceDue([table({ insertedSinceVacuum: 1201 })])).toEqual({ vacuumed: ['t'], analyzed: [] });
    expect(maintenanceDue([table({ modifiedSinceAnalyze: 151 })])).toEqual({ vacuumed: [], analyzed: ['t'] });
    expect(maintenanceDue([table({ modifiedSinceAnalyze: 150 })])).toEqual({ vacuumed: [], analyzed: [] });
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('PGlite maintenance', () => {
  it('vacuums and analyses a churned table, marks its pages all-visible, then has nothing left to do', async () => {
    await created.database.withPlatform(async (tx) => {
      await tx.insert(tenants).values(Array.from({ length: 3000 }, (_, i) => ({ sname: `churn${i}`, name: `Churn ${i}`, brandname: 'Churn' })));
      await tx.update(tenants).set({ name: sql`${tenants.name} || ' again'` });
    });
    const before = await statsOf('tenants');
    expect(before.dead).toBeGreaterThanOrEqual(3000);
    expect(before.allVisible).toBe(0);

    const done = await created.database.maintain();
    expect(done?.vacuumed).toContain('tenants');
    const after = await statsOf('tenants');
    expect(after).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    expect(after.allVisible).toBeGreaterThan(0);

    const again = await created.database.maintain();
    expect(again?.vacuumed).not.toContain('tenants');
    expect(again?.analyzed).not.toContain('tenants');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL maintenance', () => {
  it('is left to its own autovacuum', async () => {
    expect(await created.database.maintain()).toBeNull();
  });
});
