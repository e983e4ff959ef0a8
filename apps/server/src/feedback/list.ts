// The Feedback screen of the platform super administrator: every tenant's ratings in a date range,
// newest first (keyset on created at, id), with the rated run's indicators, the participant as the
// media events saw them, and quality flags; plus the range's most rated meetings (the cards) and
// how quality-flagged runs were rated against the others.
import { and, avg, count, desc, eq, gte, ilike, lt, max, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { meetingFeedback, meetingParticipants, meetingSessions, tenants } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError, notFound } from '../kernel/http/problem.ts';
import { likePattern } from '../kernel/db/like.ts';

const DAY_MS = 86_400_000;
const maxCards = 12;

type FeedbackQuery = { q?: string; cursor?: string; limit?: number; from?: string; to?: string; tenantId?: string; meeting?: string };

/** `%`, `_` and `\` typed by a person are text, not patterns. */

const rounded = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

export async function feedbackList(database: AppDatabase, query: FeedbackQuery, now: Date): Promise<Schemas['FeedbackPage']> {
  const toDay = query.to ?? now.toISOString().slice(0, 10);
  const fromDay = query.from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
  if (toDay < fromDay) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  const limit = query.limit ?? 25;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;

  return database.withPlatform(async (tx) => {
    if (query.tenantId) {
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, query.tenantId)).limit(1);
      if (!tenant) throw notFound();
    }
    const range: SQL[] = [gte(meetingFeedback.createdAt, from), lt(meetingFeedback.createdAt, to)];
    if (query.tenantId) range.push(eq(meetingFeedback.tenantId, query.tenantId));
    if (query.meeting) range.push(eq(meetingSessions.code, query.meeting));
    const listed = [...range];
    if (query.q) listed.push(ilike(meetingFeedback.displayName, likePattern(query.q)));
    if (after) listed.push(olderThan(meetingFeedback.createdAt, meetingFeedback.id, after));

    const rows = await tx
      .select({
        id: meetingFeedback.id,
        at: microsecondKey(meetingFeedback.createdAt),
        feedback: meetingFeedback,
        tenantName: tenants.name,
        session: meetingSessions,
        participant: {
          displayName: meetingParticipants.displayName,
          client: meetingParticipants.client,
          joinedAt: meetingParticipants.joinedAt,
          flagged: meetingParticipants.flagged,
          flagReason: meetingParticipants.flagReason,
        },
      })
      .from(meetingFeedback)
      .innerJoin(meetingSessions, eq(meetingSessions.id, meetingFeedback.sessionId))
      .innerJoin(tenants, eq(tenants.id, meetingFeedback.tenantId))
      .leftJoin(meetingParticipants, eq(meetingParticipants.id, meetingFeedback.participantId))
      .where(and(...listed))
      .orderBy(desc(meetingFeedback.createdAt), desc(meetingFeedback.id))
      .limit(limit + 1);
    const { page, nextCursor } = newestFirstPage(rows, limit);

    const cards = await tx
      .select({
        meetingCode: meetingSessions.code,
        topic: meetingSessions.topic,
        tenantName: tenants.name,
        ratings: count(),
        averageRating: avg(meetingFeedback.rating),
        flagged: sql<boolean>`bool_or(${meetingSessions.flagged})`,
        latest: max(meetingFeedback.createdAt),
      })
      .from(meetingFeedback)
      .innerJoin(meetingSessions, eq(meetingSessions.id, meetingFeedback.sessionId))
      .innerJoin(tenants, eq(tenants.id, meetingFeedback.tenantId))
      .where(and(...range))
      .groupBy(meetingSessions.code, meetingSessions.topic, tenants.name)
      .orderBy(desc(count()), desc(max(meetingFeedback.createdAt)))
      .limit(maxCards);

    const [summary] = await tx
      .select({
        ratings: count(),
        averageRating: avg(meetingFeedback.rating),
        flaggedRatings: sql<number>`count(*) filter (where ${meetingSessions.flagged})`,
        flaggedAverageRating: sql<string | null>`avg(${meetingFeedback.rating}) filter (where ${meetingSessions.flagged})`,
        unflaggedAverageRating: sql<string | null>`avg(${meetingFeedback.rating}) filter (where not ${meetingSessions.flagged})`,
      })
      .from(meetingFeedback)
      .innerJoin(meetingSessions, eq(meetingSessions.id, meetingFeedback.sessionId))
      .where(and(...range));

    return {
      items: page.map(({ feedback, tenantName, session, participant }) => {
        const client = participant?.client ?? {};
        return {
          id: feedback.id,
          tenantId: feedback.tenantId,
          tenantName,
          meetingCode: session.code,
          topic: session.topic,
          sessionId: session.id,
          startedAt: session.startedAt.toISOString(),
          // The name the media events gave them, when they rated before the events told it.
          participantName: feedback.displayName || participant?.displayName || '',
          rating: feedback.rating,
          suggestion: feedback.suggestion,
          videoIssues: feedback.videoIssues as Schemas['VideoIssue'][],
          audioIssues: feedback.audioIssues as Schemas['AudioIssue'][],
          createdAt: feedback.createdAt.toISOString(),
          video: session.video,
          screenShare: session.screenShare,
          audioBridge: session.phoneBridge,
          recording: session.recording,
          sessionFlagged: session.flagged,
          participant: {
            version: client.browserVersion ?? client.osVersion ?? null,
            speaker: client.speaker ?? null,
            mic: client.mic ?? null,
            ip: client.ip ?? null,
            network: client.network ?? null,
            camera: client.camera ?? null,
            os: client.os ?? null,
            platform: client.platform ?? null,
            joinedAt: participant?.joinedAt?.toISOString() ?? null,
            flagged: participant?.flagged ?? false,
            flagReason: participant?.flagReason ?? null,
          },
        };
      }),
      nextCursor,
      meetings: cards.map((card) => ({
        meetingCode: card.meetingCode,
        topic: card.topic,
        tenantName: card.tenantName,
        ratings: Number(card.ratings),
        averageRating: rounded(card.averageRating) ?? 0,
        flagged: card.flagged === true,
      })),
      summary: {
        ratings: Number(summary?.ratings ?? 0),
        averageRating: rounded(summary?.averageRating ?? null),
        flaggedRatings: Number(summary?.flaggedRatings ?? 0),
        flaggedAverageRating: rounded(summary?.flaggedAverageRating ?? null),
        unflaggedAverageRating: rounded(summary?.unflaggedAverageRating ?? null),
      },
    };
  });
}
