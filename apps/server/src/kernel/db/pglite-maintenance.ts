// PGlite runs PostgreSQL as one embedded backend, without the autovacuum launcher: its
// `autovacuum` setting reads on, yet no table is ever vacuumed or analysed by itself. Dead rows
// (every update of a session's last-seen time, every deleted meeting) would stay in the files for
// good, the planner would keep the statistics of the day the table was created, and index-only
// scans would never skip the table, since only VACUUM marks pages all-visible. This does what
// autovacuum would, with its default thresholds, for the tables that crossed them; the server runs
// it beside the periodic checkpoint (kernel/db/database.ts).
import { sql } from 'drizzle-orm';
import type { Database } from './types.ts';
import { rowsOf } from './types.ts';

/** PostgreSQL's autovacuum defaults: scale factors of the live rows plus a base threshold. */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_BASE = 1000;
const INSERT_VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

type TableActivity = { table: string; live: number; dead: number; insertedSinceVacuum: number; modifiedSinceAnalyze: number };

export type Maintenance = { vacuumed: string[]; analyzed: string[] };

/** What autovacuum would do now, table by table: vacuum (and analyse) or only analyse. */
export function maintenanceDue(activity: readonly TableActivity[]): Maintenance {
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of activity) {
    const vacuum = t.dead > VACUUM_BASE + VACUUM_SCALE * t.live || t.insertedSinceVacuum > INSERT_VACUUM_BASE + INSERT_VACUUM_SCALE * t.live;
    if (vacuum) vacuumed.push(t.table);
    else if (t.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * t.live) analyzed.push(t.table);
  }
  return { vacuumed, analyzed };
}

/**
 * Vacuums and analyses the tables of the current schema that autovacuum would have. Runs as the
 * owner outside any transaction (VACUUM cannot run in one); each statement waits, like any query,
 * for the request transaction in progress on PGlite's one connection.
 */
export async function maintainTables(db: { execute: Database['execute'] }): Promise<Maintenance> {
  const result = await db.execute(sql`
    select relname as "table", n_live_tup::float8 as live, n_dead_tup::float8 as dead,
      n_ins_since_vacuum::float8 as "insertedSinceVacuum", n_mod_since_analyze::float8 as "modifiedSinceAnalyze"
    from pg_stat_user_tables where schemaname = current_schema()`);
  const due = maintenanceDue(rowsOf<TableActivity>(result));
  // Names come from the catalogue and are quoted as identifiers all the same.
  for (const table of due.vacuumed) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  for (const table of due.analyzed) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return due;
}
