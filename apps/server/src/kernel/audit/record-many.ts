// Many audit entries of one change at once (an import creates a user per row): one insert per
// chunk instead of one per entry, with the actor's email looked up once.
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { auditRowOf, type AuditActor, type AuditEntry } from './record.ts';

const CHUNK = 1000;

export async function recordAuditMany(tx: Database, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  let label = actor.label;
  if (!label) {
    const userId = actor.userId;
    const [row] = userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1) : [];
    label = userId ? (row?.email ?? 'unknown') : 'system';
  }
  const rows = entries.map((entry) => auditRowOf(actor, label, entry));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(auditLog).values(rows.slice(i, i + CHUNK));
}
