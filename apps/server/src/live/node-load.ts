// What runs on each media node now, for the metrics scrape (app/metrics.ts): the sessions not
// ended and the participants in them who have not left, across every tenant, in one grouped read.
import { and, countDistinct, eq, isNull, count } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingParticipants, meetingSessions } from '../kernel/db/schema.ts';

export type NodeLoad = { node: string; meetings: number; participants: number };

export function liveLoadByNode(database: Pick<AppDatabase, 'withPlatform'>): Promise<NodeLoad[]> {
  return database.withPlatform((tx) =>
    tx
      .select({ node: meetingSessions.node, meetings: countDistinct(meetingSessions.id), participants: count(meetingParticipants.id) })
      .from(meetingSessions)
      .leftJoin(meetingParticipants, and(eq(meetingParticipants.sessionId, meetingSessions.id), isNull(meetingParticipants.leftAt)))
      .where(isNull(meetingSessions.endedAt))
      .groupBy(meetingSessions.node),
  );
}
