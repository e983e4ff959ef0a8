// The Janus translator's memory of each node's handles (janus-events.ts `HandleRoles`), kept in
// `media_handles` rather than in a process: with several replicas, or a broker handing a node's
// posts to whichever replica is free, the post with a handle's join and the one with its hang-up
// may reach different processes. A node's posts are translated one at a time (a transaction lock
// per node), so two replicas never read the same handle's memory at once; posts of different
// nodes go on in parallel. Saving is idempotent (a redelivered post writes what it wrote before).
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { mediaHandles } from '../kernel/db/schema.ts';
import type { MediaEvent } from '../live/index.ts';
import { handlesOf, restoreHandleRoles, storedHandles, translateJanusEvents, type JanusEvent, type StoredHandle, type Translation } from './janus-events.ts';

/** Handles not heard of for this long are forgotten (a meeting's handles live hours at most). */
const forgetAfterHours = 24;
const PRUNE_JOB = 'media.handles-prune';

/** Translates one post of `node` with what earlier posts (to any replica) said about its handles, and stores what this one adds. */
export async function translateWithStoredMemory(database: AppDatabase, raws: JanusEvent[], node: string): Promise<Translation> {
  const handles = handlesOf(raws);
  if (handles.size === 0) return translateJanusEvents(raws, node);
  return database.withPlatform(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media-handles ${node}`}))`);
    const opaques = [...new Set([...handles.values()].filter((opaque): opaque is string => opaque !== null))];
    // The post's own handles, and the subscriber handles of the same participants (what Janus sends them).
    const rows = await tx
      .select()
      .from(mediaHandles)
      .where(
        and(
          eq(mediaHandles.node, node),
          or(inArray(mediaHandles.handleId, [...handles.keys()]), opaques.length > 0 ? and(eq(mediaHandles.role, 'subscriber'), inArray(mediaHandles.opaque, opaques)) : undefined),
        ),
      );
    const memory = restoreHandleRoles(rows.map(storedOf));
    const translation = translateJanusEvents(raws, node, memory);
    const values = storedHandles(memory, handles).map((row) => ({ node, handleId: row.handle, opaque: row.opaque, role: row.role, pending: row.pending, sent: row.sent }));
    await tx
      .insert(mediaHandles)
      .values(values)
      .onConflictDoUpdate({
        target: [mediaHandles.node, mediaHandles.handleId],
        set: {
          opaque: sql`coalesce(excluded.opaque, ${mediaHandles.opaque})`,
          role: sql`excluded.role`,
          pending: sql`excluded.pending`,
          sent: sql`excluded.sent`,
          updatedAt: sql`now()`,
        },
      });
    return translation;
  });
}

function storedOf(row: typeof mediaHandles.$inferSelect): StoredHandle {
  return { handle: row.handleId, opaque: row.opaque, role: row.role, pending: (row.pending ?? []) as MediaEvent[], sent: row.sent ?? {} };
}

export async function forgetOldHandles(database: AppDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - forgetAfterHours * 3600_000);
  const gone = await database.withPlatform((tx) => tx.delete(mediaHandles).where(lt(mediaHandles.updatedAt, before)).returning({ node: mediaHandles.node }));
  return gone.length;
}

export function registerMediaJobs(app: FastifyInstance): void {
  app.jobs.register(PRUNE_JOB, async (_job, { now }) => {
    await forgetOldHandles(app.database, now);
  });
  app.jobs.schedule({ kind: PRUNE_JOB, everySeconds: 3600 });
}
