// The email log: the tenant's outbox rows, newest first, keyset-paged on (created_at, id). The
// tenant-scoped transaction's row-level security keeps every other tenant's mail out.
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { mailOutbox } from '../kernel/db/schema.ts';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import type { Database } from '../kernel/db/types.ts';
import { likePattern } from '../kernel/db/like.ts';

export type EmailLogQuery = { q?: string; cursor?: string; limit?: number; status?: 'queued' | 'sent' | 'failed' | 'kept' };

export type EmailLogEntry = {
  id: string;
  to: string;
  subject: string;
  template: string | null;
  status: 'queued' | 'sent' | 'failed' | 'kept';
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
};


export async function listEmailLog(tx: Database, tenantId: string, query: EmailLogQuery): Promise<{ items: EmailLogEntry[]; nextCursor: string | null }> {
  const limit = query.limit ?? 25;
  const conditions: SQL[] = [eq(mailOutbox.tenantId, tenantId)];
  if (query.status) conditions.push(eq(mailOutbox.status, query.status));
  const q = query.q?.trim();
  if (q) conditions.push(ilike(mailOutbox.toAddress, likePattern(q)));
  if (query.cursor) {
    conditions.push(olderThan(mailOutbox.createdAt, mailOutbox.id, timeKeyOfCursor(query.cursor)));
  }
  const rows = await tx
    .select({ row: mailOutbox, id: mailOutbox.id, at: microsecondKey(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit + 1);
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return {
    items: page.map(({ row }) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      template: row.template,
      status: row.status,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      lastError: row.lastError,
    })),
    nextCursor,
  };
}
