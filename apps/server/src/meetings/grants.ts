// Join grants do not outlive their purpose. A grant's media-server token is for joining now: it is
// kept (sealed) in join_grants with an expiry `grantLifetimeMs` ahead. Every `sweepEverySeconds`
// the sweeper job looks at the expired ones: a token a connection on the media server still uses
// (its handles carry it) stays, since removing it would cut that participant off, and is marked
// used and looked at again a lifetime later; any other (never used, or its participant has left) is revoked on the media server
// (`remove_token`, and off the room's allowed list) and its row deleted. Ending the meeting
// revokes every grant into its room anyway (closeRoom) and deletes the rows.
import { eq, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { joinGrants, meetingRooms } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { JobContext } from '../kernel/jobs/queue.ts';
import { present } from '../kernel/db/present.ts';

/** How long a grant may wait to be used. */
export const grantLifetimeMs = 2 * 60_000;
export const sweepJobKind = 'meeting.grants.sweep';
export const sweepEverySeconds = 30;
/** Expired grants looked at per run. */
const batch = 500;

/** Notes a grant just handed out, in the caller's tenant transaction. */
export async function keepGrant(tx: Database, grant: { tenantId: string; meetingId: string; roomId: number; sealedToken: string; now: Date }): Promise<void> {
  await tx.insert(joinGrants).values({
    tenantId: grant.tenantId,
    meetingId: grant.meetingId,
    roomId: grant.roomId,
    token: grant.sealedToken,
    expiresAt: new Date(grant.now.getTime() + grantLifetimeMs),
  });
}

/** Forgets the grants of a meeting whose room ends (closing the room revokes their tokens). */
export async function forgetGrantsOf(tx: Database, meetingId: string): Promise<void> {
  await tx.delete(joinGrants).where(eq(joinGrants.meetingId, meetingId));
}

type Expired = { id: string; roomId: number; token: string; meetingId: string };

/** One sweep (see above); answers how many grants were revoked. */
export async function sweepExpiredGrants(app: Pick<FastifyInstance, 'database' | 'media' | 'secrets'>, { now, log }: Pick<JobContext, 'now' | 'log'>): Promise<number> {
  const expired = await app.database.withPlatform(async (tx) => {
    const rows = await tx
      .select({ id: joinGrants.id, roomId: joinGrants.roomId, token: joinGrants.token, meetingId: joinGrants.meetingId, running: meetingRooms.roomId, secret: meetingRooms.roomSecret })
      .from(joinGrants)
      .leftJoin(meetingRooms, eq(meetingRooms.meetingId, joinGrants.meetingId))
      .where(lt(joinGrants.expiresAt, now))
      .orderBy(joinGrants.expiresAt)
      .limit(batch);
    // A grant into a room that no longer runs was revoked with it: only its row is left.
    const stale = rows.filter((row) => row.running !== row.roomId).map((row) => row.id);
    if (stale.length > 0) await tx.delete(joinGrants).where(inArray(joinGrants.id, stale));
    return rows.filter((row) => row.running === row.roomId);
  });
  if (expired.length === 0 || !app.media.configured) return 0;

  const byRoom = new Map<number, { secret: string; grants: Expired[] }>();
  for (const row of expired) {
    const room = byRoom.get(row.roomId) ?? { secret: present(row.secret, 'row.secret'), grants: [] };
    room.grants.push({ id: row.id, roomId: row.roomId, token: app.secrets.open(row.token), meetingId: row.meetingId });
    byRoom.set(row.roomId, room);
  }
  let revoked = 0;
  for (const [roomId, room] of byRoom) {
    try {
      const state = await app.media.roomState(roomId);
      const inUse = new Set(state.handles.map((handle) => handle.token).filter((token): token is string => typeof token === 'string'));
      const used = room.grants.filter((grant) => inUse.has(grant.token));
      const unused = room.grants.filter((grant) => !inUse.has(grant.token));
      const secret = app.secrets.open(room.secret);
      const gone: string[] = [];
      for (const grant of unused) {
        await app.media.revoke({ roomId, secret }, grant.token);
        gone.push(grant.id);
      }
      revoked += gone.length;
      await app.database.withPlatform(async (tx) => {
        if (gone.length > 0) await tx.delete(joinGrants).where(inArray(joinGrants.id, gone));
        // Looked at again a lifetime later: once its participant has left, it goes too.
        if (used.length > 0) {
          await tx
            .update(joinGrants)
            .set({ usedAt: now, expiresAt: new Date(now.getTime() + grantLifetimeMs) })
            .where(inArray(joinGrants.id, used.map((grant) => grant.id)));
        }
      });
    } catch (error) {
      // The media server may be down or restarting: the next sweep tries again.
      log.warn({ err: error, roomId }, 'join grants of this room could not be swept');
    }
  }
  return revoked;
}

export function registerGrantSweep(app: FastifyInstance): void {
  app.jobs.register(sweepJobKind, async (_job, context) => {
    await sweepExpiredGrants(app, context);
  });
  app.jobs.schedule({ kind: sweepJobKind, everySeconds: sweepEverySeconds });
}
