// The health check's one query: the smallest that proves the database answers.
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';

/** Runs `select 1`; throws the driver's error when the database does not answer, for the caller to log. */
export async function databaseAnswers(database: AppDatabase): Promise<void> {
  await database.withPlatform((tx) => tx.execute(sql`select 1`));
}
