// A running meeting ends at its plan's length (plan-limits.ts): opening the room queues this job in
// the same transaction, due that many minutes after the room's start. The job lives in the
// database, so whichever replica runs it ends the meeting, also after a restart. It ends only the
// room it was queued for: a meeting ended early and started again has a job of its own.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { meetings } from '../kernel/db/schema.ts';
import { PermanentJobError } from '../kernel/jobs/index.ts';
import { endAtPlanLimitJobKind } from './plan-limits.ts';
import { closeMeetingRoom } from './room.ts';

export function registerEndAtPlanLimit(app: FastifyInstance): void {
  app.jobs.register(endAtPlanLimitJobKind, async (job, context) => {
    const { tenantId, meetingId, roomId } = job.payload as { tenantId?: string; meetingId?: string; roomId?: number };
    if (!tenantId || !meetingId || typeof roomId !== 'number') throw new PermanentJobError('a meeting end job without its meeting');
    const db: Parameters<typeof closeMeetingRoom>[0]['db'] = (fn) => app.database.withTenant(tenantId, fn);
    const [meeting] = await db((tx) => tx.select().from(meetings).where(eq(meetings.id, meetingId)));
    if (!meeting) return; // deleted since: deleting it ended its room
    const scope = { tenantId, db, database: app.database, secrets: app.secrets, media: app.media, liveBus: app.liveBus, origin: '', now: () => context.now };
    await closeMeetingRoom(scope, meeting, { roomId, endedBy: { kind: 'plan_limit' } });
    context.log.info({ meetingId, roomId }, 'a meeting reached its plan’s length and was ended');
  });
}
