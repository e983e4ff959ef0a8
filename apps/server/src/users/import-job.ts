// A CSV import of users run by the job queue, so that the import dialog can show how far it got
// (rows read, created, refused) instead of a spinner. The request only stores the file and queues
// the job; the job commits its progress as it goes, in transactions of its own, because a reader
// sees nothing of a transaction still open (and the embedded database has a single connection, so
// the whole import in one transaction would also keep every poll waiting until it ended).
//
// Every row is checked before any is created, as `importUsers` does: a bad row, an address already
// taken or a file past the tenant's user limit creates no one. Then the rows are created in steps,
// each committed together with the count it adds, so a retried job resumes where the last step
// ended. Only an address taken meanwhile by another request can stop it part way (`email_exists`),
// the users created until then kept.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { userImports } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { notFound, ProblemError, type RowError } from '../kernel/http/problem.ts';
import { enqueueJob, PermanentJobError } from '../kernel/jobs/index.ts';
import { ensureRoomForUsers } from '../kernel/tenancy/user-limit.ts';
import { assignableRoleIds, IMPORT_MAX_BYTES, readImportRows, type ImportRow } from './import-rows.ts';
import { existingEmails, tenantRoles } from './queries.ts';
import { createImportedUsers, importTooLarge, type Scope } from './service.ts';

export const userImportJobKind = 'users.import';
/** Rows per step: checked, or created and committed with the progress. */
export const IMPORT_STEP_ROWS = 250;

type ImportRecord = typeof userImports.$inferSelect;

function presentImport(row: ImportRecord): Schemas['UserImport'] {
  return {
    id: row.id,
    status: row.status,
    totalRows: row.totalRows,
    readRows: row.readRows,
    createdRows: row.createdRows,
    refusedRows: row.refusedRows,
    rowErrors: row.rowErrors,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Stores the file and queues its import (in the caller's tenant transaction). */
export async function startUserImport(scope: Scope, body: string | Buffer): Promise<Schemas['UserImport']> {
  if (Buffer.byteLength(body) > IMPORT_MAX_BYTES) throw importTooLarge();
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return scope.db(async (tx) => {
    const assignable = assignableRoleIds(scope.caller, await tenantRoles(tx, scope.tenantId));
    const [row] = await tx
      .insert(userImports)
      .values({ tenantId: scope.tenantId, file: text, assignableRoles: Object.fromEntries(assignable), actor: scope.audit })
      .returning();
    const created = row as ImportRecord;
    await enqueueJob(tx, { kind: userImportJobKind, payload: { tenantId: scope.tenantId, importId: created.id }, maxAttempts: 3 });
    return presentImport(created);
  });
}

export async function userImportProgress(scope: Pick<Scope, 'db' | 'tenantId'>, importId: string): Promise<Schemas['UserImport']> {
  const [row] = await scope.db((tx) => tx.select().from(userImports).where(and(eq(userImports.id, importId), eq(userImports.tenantId, scope.tenantId))).limit(1));
  if (!row) throw notFound();
  return presentImport(row);
}

const finished = (status: ImportRecord['status']) => status === 'done' || status === 'refused' || status === 'failed';

/** Runs one import: checks every row (progress per step), then creates them step by step. */
export async function runUserImport(database: AppDatabase, tenantId: string, importId: string, now: () => Date): Promise<void> {
  const inTenant = <T>(fn: (tx: Database) => Promise<T>) => database.withTenant(tenantId, fn);
  const update = (tx: Database, changes: Partial<typeof userImports.$inferInsert>) => tx.update(userImports).set(changes).where(eq(userImports.id, importId));
  const finish = (changes: Partial<typeof userImports.$inferInsert>) => inTenant((tx) => update(tx, { ...changes, file: null, finishedAt: now() }));

  const [record] = await inTenant((tx) => tx.select().from(userImports).where(eq(userImports.id, importId)).limit(1));
  if (!record || finished(record.status)) return;
  if (record.file === null) throw new PermanentJobError('the import has no file');
  const reading = readImportRows(record.file, new Map(Object.entries(record.assignableRoles)));
  const { rows } = reading;

  // A retry after some steps were created goes on from there: those rows' addresses are taken now, by them.
  if (record.status !== 'creating') {
    const rowErrors: RowError[] = [...reading.rowErrors];
    await inTenant((tx) => update(tx, { status: 'checking', totalRows: reading.total, readRows: 0, refusedRows: 0 }));
    const unreadable = [...new Set(reading.rowErrors.map((error) => error.row))];
    const refusedUpTo = (rowNumber: number) => new Set(rowErrors.filter((error) => error.row <= rowNumber).map((error) => error.row)).size;
    let checked = 0;
    for (let from = 0; from < rows.length; from += IMPORT_STEP_ROWS) {
      const step = rows.slice(from, from + IMPORT_STEP_ROWS);
      await inTenant(async (tx) => {
        const taken = await existingEmails(
          tx,
          tenantId,
          step.map((row) => row.email),
        );
        for (const row of step) if (taken.has(row.email)) rowErrors.push({ row: row.row, field: 'email', code: 'email_exists' });
        checked += step.length;
        const lastRow = step.at(-1)?.row ?? 0;
        // Read so far: the good rows checked, and the rows refused on reading that come before the last of them.
        await update(tx, { readRows: checked + unreadable.filter((row) => row <= lastRow).length, refusedRows: refusedUpTo(lastRow) });
      });
      await nextTurn();
    }
    const refusedRows = new Set(rowErrors.map((error) => error.row)).size;
    if (rowErrors.length > 0) {
      rowErrors.sort((a, b) => a.row - b.row);
      await finish({ status: 'refused', readRows: reading.total, refusedRows, rowErrors });
      return;
    }
    const room = await inTenant(async (tx) => {
      try {
        await ensureRoomForUsers(tx, tenantId, rows.length);
        await update(tx, { status: 'creating', readRows: reading.total });
        return null;
      } catch (error) {
        if (error instanceof ProblemError) return error.code;
        throw error;
      }
    });
    if (room) {
      await finish({ status: 'failed', readRows: reading.total, errorCode: room });
      return;
    }
  }
  await createInSteps(inTenant, update, record, rows, now);
  await finish({ status: 'done' });
}

async function createInSteps(
  inTenant: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>,
  update: (tx: Database, changes: Partial<typeof userImports.$inferInsert>) => Promise<unknown>,
  record: ImportRecord,
  rows: readonly ImportRow[],
  now: () => Date,
): Promise<void> {
  const [current] = await inTenant((tx) => tx.select({ createdRows: userImports.createdRows }).from(userImports).where(eq(userImports.id, record.id)).limit(1));
  const roles = await inTenant((tx) => tenantRoles(tx, record.tenantId));
  for (let from = current?.createdRows ?? 0; from < rows.length; from += IMPORT_STEP_ROWS) {
    const step = rows.slice(from, from + IMPORT_STEP_ROWS);
    try {
      await inTenant(async (tx) => {
        await ensureRoomForUsers(tx, record.tenantId, step.length);
        await createImportedUsers(tx, record.tenantId, record.actor, step, roles);
        await update(tx, { createdRows: from + step.length });
      });
      // Between steps the event loop takes requests (the dialog's polls) before the next step queues
      // on the database: the embedded one runs a chain of queries without ever yielding otherwise.
      await nextTurn();
    } catch (error) {
      const code = isUniqueViolation(error) ? 'email_exists' : error instanceof ProblemError ? error.code : null;
      if (!code) throw error;
      await inTenant((tx) => update(tx, { status: 'failed', errorCode: code, file: null, finishedAt: now() }));
      throw new PermanentJobError(`import stopped: ${code}`);
    }
  }
}

export function registerUserJobs(app: FastifyInstance): void {
  app.jobs.register(userImportJobKind, async (job) => {
    const { tenantId, importId } = job.payload;
    if (typeof tenantId !== 'string' || typeof importId !== 'string') throw new PermanentJobError('bad payload');
    await runUserImport(app.database, tenantId, importId, app.jobs.now);
  });
}
