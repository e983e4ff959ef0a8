// A participant rates the meeting they were in. Who they are comes from the feedback ticket of
// their join grant (ticket.ts); that they really were in the meeting, from the media events: the
// participant row of the latest run the participant key appears in. One feedback per participant
// row (a unique index), so a second submission is 409, even when two arrive at once.
import { and, desc, eq } from 'drizzle-orm';
import { meetingFeedback, meetingParticipants, meetingSessions } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { notFound, ProblemError } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { findMeetingByCode, openFeedbackTicket } from '../meetings/index.ts';

const notAParticipant = () => new ProblemError(403, 'not_a_participant', { detail: 'This ticket does not name a participant of this meeting.' });

export async function submitFeedback(
  scope: Pick<RequestScope, 'db' | 'secrets'> & { now: () => Date },
  code: string,
  body: Schemas['FeedbackSubmission'],
): Promise<Schemas['FeedbackReceipt']> {
  const ticket = openFeedbackTicket(scope.secrets, body.ticket, scope.now().getTime());
  if (!ticket) throw notAParticipant();
  return scope.db(async (tx) => {
    const meeting = await findMeetingByCode(tx, code);
    if (!meeting) throw notFound();
    if (meeting.id !== ticket.meetingId) throw notAParticipant();
    const [person] = await tx
      .select({ id: meetingParticipants.id, sessionId: meetingParticipants.sessionId, userId: meetingParticipants.userId, displayName: meetingParticipants.displayName })
      .from(meetingParticipants)
      .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
      .where(and(eq(meetingSessions.meetingId, meeting.id), eq(meetingParticipants.participantKey, ticket.participant)))
      .orderBy(desc(meetingSessions.startedAt))
      .limit(1);
    if (!person) throw new ProblemError(404, 'not_found', { detail: 'The media platform has not seen this participant in the meeting.' });
    const suggestion = body.suggestion?.trim();
    const [stored] = await tx
      .insert(meetingFeedback)
      .values({
        tenantId: meeting.tenantId,
        sessionId: person.sessionId,
        participantId: person.id,
        userId: person.userId,
        displayName: person.displayName,
        rating: body.rating,
        videoIssues: body.videoIssues ?? [],
        audioIssues: body.audioIssues ?? [],
        suggestion: suggestion ? suggestion : null,
      })
      .onConflictDoNothing()
      .returning({ id: meetingFeedback.id });
    if (!stored) throw new ProblemError(409, 'feedback_exists', { detail: 'This participant has already rated this meeting.' });
    return { id: stored.id };
  });
}
