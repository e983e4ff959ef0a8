// Reads and writes of recording rows for the handlers. Callers choose the transaction: the
// platform one to find which tenant a recording belongs to, that tenant's own to change it.
import { and, eq } from 'drizzle-orm';
import { meetings, recordings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

/** The tenant that recording `recordingId` belongs to, or null when there is none. */
export async function recordingTenantId(tx: Database, recordingId: string): Promise<string | null> {
  const [found] = await tx.select({ tenantId: recordings.tenantId }).from(recordings).where(eq(recordings.id, recordingId)).limit(1);
  return found?.tenantId ?? null;
}

/** The recording's legal hold, its row locked until the transaction ends (a concurrent change waits); null when the tenant has no such recording. */
export async function lockedLegalHold(tx: Database, tenantId: string, recordingId: string): Promise<boolean | null> {
  const [row] = await tx
    .select({ legalHold: recordings.legalHold })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.tenantId, tenantId)))
    .for('update');
  return row ? row.legalHold : null;
}

export async function updateLegalHold(tx: Database, recordingId: string, legalHold: boolean): Promise<void> {
  await tx.update(recordings).set({ legalHold }).where(eq(recordings.id, recordingId));
}

/** The meeting of tenant `tenantId` whose meeting ID (the code people type) is `code`, or null. */
export async function meetingIdByCode(tx: Database, tenantId: string, code: string): Promise<string | null> {
  const [found] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.tenantId, tenantId), eq(meetings.code, code)))
    .limit(1);
  return found?.id ?? null;
}
