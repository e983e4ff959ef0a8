// What a channel hears while a meeting started from it with the slash command runs: participants
// joining and leaving (by name) with the running duration, a duration notice every quarter hour, a
// summary when the meeting ends (duration, how many took part and who), and each recording of it
// when it is ready and shared. Read from the live events the media platform applied (media_events,
// src/live/apply.ts, the same events the live bus announces): `slack.follow` runs every 15 seconds,
// turns the events after each channel's cursor into ONE message per channel and run, and queues it
// as a `slack.post` job, so a message Slack does not take is retried with backoff. Batching: joins
// and leaves of one run share that message, and beyond `maxPeopleLines` of them the rest is counted
// in one line, so a busy meeting posts at most one message per channel every 15 seconds.
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mediaEvents, meetingParticipants, meetingSessions, meetings, recordingShares, recordings, slackInstallations, slackMeetingChannels } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { PermanentJobError, type Job } from '../kernel/jobs/queue.ts';
import { slackClient, slackErrorOf } from './client.ts';

export const postJobKind = 'slack.post';
export const followJobKind = 'slack.follow';
export const followEverySeconds = 15;
export const durationNoticeMs = 15 * 60_000;
/** Join and leave lines one message tells by name; the rest of the run is counted. */
export const maxPeopleLines = 10;
/** Names the end summary lists. */
const maxSummaryNames = 10;

/** Slack errors that another attempt cannot mend: the job fails at once. */
const permanentErrors = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'invalid_auth', 'account_inactive', 'token_revoked', 'no_permission', 'missing_scope', 'msg_too_long']);

export type PostPayload = { tenantId: string; teamId: string; channelId: string; text: string };

export async function postToSlack(app: FastifyInstance, job: Job): Promise<void> {
  const { tenantId, teamId, channelId, text } = job.payload as Partial<PostPayload>;
  if (typeof tenantId !== 'string' || typeof teamId !== 'string' || typeof channelId !== 'string' || typeof text !== 'string') throw new PermanentJobError('The job names no message.');
  const config = app.config.slack;
  if (!config) throw new PermanentJobError('No Slack app is configured.');
  const [install] = await app.database.withTenant(tenantId, (tx) =>
    tx
      .select({ botToken: slackInstallations.botToken })
      .from(slackInstallations)
      .where(and(eq(slackInstallations.tenantId, tenantId), eq(slackInstallations.teamId, teamId), eq(slackInstallations.kind, 'workspace')))
      .limit(1),
  );
  if (!install?.botToken) throw new PermanentJobError('The app is not installed in that workspace any more.');
  try {
    await slackClient(config, app.secrets.open(install.botToken)).chat.postMessage({ channel: channelId, text });
  } catch (error) {
    const code = slackErrorOf(error);
    if (permanentErrors.has(code)) throw new PermanentJobError(`Slack refused the message: ${code}`);
    throw new Error(`Slack did not take the message: ${code}`, { cause: error });
  }
}

const minutes = (ms: number) => {
  const total = Math.max(0, Math.round(ms / 60_000));
  return total < 60 ? `${total} min` : `${Math.floor(total / 60)} h ${total % 60} min`;
};

type ChannelRow = typeof slackMeetingChannels.$inferSelect;

/**
 * Text a participant or organiser chose (a display name, a topic) as Slack shows it literally: `<`,
 * `>` and `&` are Slack's markup, so a guest named `<!channel>` would otherwise notify everyone.
 */
export const slackLiteral = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The messages one channel is owed now, and its new cursor; pure over what was read. */
export function messagesFor(
  channel: Pick<ChannelRow, 'lastEventId' | 'lastDurationAt' | 'postedRecordings' | 'createdAt'>,
  topic: string,
  sessions: { id: string; startedAt: Date; endedAt: Date | null; participants: number }[],
  events: { id: number; sessionId: string; type: string; participantKey: string | null; occurredAt: Date; data: Record<string, unknown> }[],
  shared: { id: string; durationSeconds: number | null }[],
  now: Date,
  /** Who took part in each session (meeting_participants): names by `<sessionId>/<participantKey>`, in joining order. */
  people: { sessionId: string; participantKey: string; displayName: string }[] = [],
): { texts: string[]; lastEventId: number; lastDurationAt: Date | null; postedRecordings: string[]; done: boolean } {
  const texts: string[] = [];
  topic = slackLiteral(topic);
  const nameOf = new Map(people.map((person) => [`${person.sessionId}/${person.participantKey}`, slackLiteral(person.displayName)]));
  let peopleLines = 0;
  let morePeople = 0;
  const tellPerson = (line: string) => {
    if (peopleLines < maxPeopleLines) {
      peopleLines += 1;
      texts.push(line);
    } else morePeople += 1;
  };
  const sessionOf = new Map(sessions.map((session) => [session.id, session]));
  let lastEventId = channel.lastEventId;
  for (const event of events) {
    lastEventId = Math.max(lastEventId, event.id);
    const session = sessionOf.get(event.sessionId);
    if (!session) continue;
    const running = minutes(event.occurredAt.getTime() - session.startedAt.getTime());
    // A leave carries no name: the participant's row (or their join) has it.
    const known = (typeof event.data.display === 'string' && slackLiteral(event.data.display)) || (event.participantKey ? nameOf.get(`${session.id}/${event.participantKey}`) : '') || '';
    if (event.type === 'room.opened') texts.push(`The meeting ${topic} has started.`);
    else if (event.type === 'participant.joined') {
      if (event.participantKey && known) nameOf.set(`${session.id}/${event.participantKey}`, known);
      tellPerson(`${known || 'Someone'} joined ${topic} (running for ${running}).`);
    } else if (event.type === 'participant.left') {
      tellPerson(`${known || 'A participant'} left ${topic} (running for ${running}).`);
    } else if (event.type === 'room.closed') {
      if (morePeople > 0) texts.push(`${morePeople} more ${morePeople === 1 ? 'join or leave' : 'joins and leaves'}.`);
      morePeople = 0;
      const ended = session.endedAt ?? event.occurredAt;
      const names = [...new Set(people.filter((person) => person.sessionId === session.id && person.displayName).map((person) => slackLiteral(person.displayName)))];
      const who = names.length === 0 ? '' : ` (${names.slice(0, maxSummaryNames).join(', ')}${names.length > maxSummaryNames ? ` and ${names.length - maxSummaryNames} more` : ''})`;
      texts.push(`The meeting ${topic} has ended. Duration: ${minutes(ended.getTime() - session.startedAt.getTime())}; participants: ${session.participants}${who}.`);
    }
  }
  if (morePeople > 0) texts.push(`${morePeople} more ${morePeople === 1 ? 'join or leave' : 'joins and leaves'}.`);
  let lastDurationAt = channel.lastDurationAt;
  const live = sessions.find((session) => session.endedAt === null);
  if (live && now.getTime() - (lastDurationAt ?? live.startedAt).getTime() >= durationNoticeMs) {
    texts.push(`${topic} has been running for ${minutes(now.getTime() - live.startedAt.getTime())}.`);
    lastDurationAt = now;
  }
  const postedRecordings = [...channel.postedRecordings];
  for (const recording of shared) {
    if (postedRecordings.includes(recording.id)) continue;
    postedRecordings.push(recording.id);
    texts.push(`The recording of ${topic}${recording.durationSeconds ? ` (${minutes(recording.durationSeconds * 1000)})` : ''} was shared: find it in the portal under Recordings.`);
  }
  // A channel stops following a day after the meeting's last session ended (its recording may come later).
  const lastEnd = sessions.reduce<Date | null>((latest, session) => (session.endedAt && (!latest || session.endedAt > latest) ? session.endedAt : latest), null);
  const done = sessions.length > 0 && !live && lastEnd !== null && now.getTime() - lastEnd.getTime() > 24 * 3_600_000;
  return { texts, lastEventId, lastDurationAt, postedRecordings, done };
}

const toldTypes = ['room.opened', 'participant.joined', 'participant.left', 'room.closed'];

/** One tenant's channels: read their meetings' new events, queue the messages, move the cursors. */
async function followTenant(app: FastifyInstance, tenantId: string, now: Date): Promise<void> {
  await app.database.withTenant(tenantId, async (tx: Database) => {
    const channels = await tx.select().from(slackMeetingChannels).where(eq(slackMeetingChannels.tenantId, tenantId));
    for (const channel of channels) {
      const [meeting] = await tx.select({ topic: meetings.topic }).from(meetings).where(eq(meetings.id, channel.meetingId)).limit(1);
      if (!meeting) continue;
      // Sessions that began after the channel started following: earlier runs are not its meeting.
      const sessions = (
        await tx
          .select({ id: meetingSessions.id, startedAt: meetingSessions.startedAt, endedAt: meetingSessions.endedAt, participants: meetingSessions.participants })
          .from(meetingSessions)
          .where(eq(meetingSessions.meetingId, channel.meetingId))
      ).filter((session) => session.endedAt === null || session.endedAt >= channel.createdAt);
      const sessionIds = sessions.map((session) => session.id);
      const events =
        sessionIds.length === 0
          ? []
          : await tx
              .select({ id: mediaEvents.id, sessionId: mediaEvents.sessionId, type: mediaEvents.type, participantKey: mediaEvents.participantKey, occurredAt: mediaEvents.occurredAt, data: mediaEvents.data })
              .from(mediaEvents)
              .where(and(inArray(mediaEvents.sessionId, sessionIds), gt(mediaEvents.id, channel.lastEventId), inArray(mediaEvents.type, toldTypes)))
              .orderBy(asc(mediaEvents.id))
              .limit(500);
      const shared =
        sessionIds.length === 0
          ? []
          : await tx
              .selectDistinct({ id: recordings.id, durationSeconds: recordings.durationSeconds })
              .from(recordings)
              .innerJoin(recordingShares, eq(recordingShares.recordingId, recordings.id))
              .where(and(inArray(recordings.sessionId, sessionIds), eq(recordings.status, 'ready'), isNotNull(recordingShares.id)));
      const people =
        sessionIds.length === 0
          ? []
          : await tx
              .select({ sessionId: meetingParticipants.sessionId, participantKey: meetingParticipants.participantKey, displayName: meetingParticipants.displayName })
              .from(meetingParticipants)
              .where(inArray(meetingParticipants.sessionId, sessionIds))
              .orderBy(asc(meetingParticipants.joinedAt));
      const result = messagesFor(channel, meeting.topic, sessions, events, shared, now, people);
      // One message per run, its lines in the order things happened.
      if (result.texts.length > 0) {
        await app.jobs.enqueue(tx, {
          kind: postJobKind,
          payload: { tenantId, teamId: channel.teamId, channelId: channel.channelId, text: result.texts.join('\n') },
          dedupeKey: `slack.post:${channel.id}:${result.lastEventId}:${now.getTime()}`,
          maxAttempts: 8,
        });
      }
      if (result.done) await tx.delete(slackMeetingChannels).where(eq(slackMeetingChannels.id, channel.id));
      else if (result.texts.length > 0 || result.lastEventId !== channel.lastEventId)
        await tx
          .update(slackMeetingChannels)
          .set({ lastEventId: result.lastEventId, lastDurationAt: result.lastDurationAt, postedRecordings: result.postedRecordings })
          .where(eq(slackMeetingChannels.id, channel.id));
    }
  });
}

/**
 * A share link of a ready recording was just made: the channels following its meeting get the link
 * itself (only the token's hash is stored, so the follow job could only point to the portal). The
 * recording counts as posted there, so the follow job does not announce it again.
 */
export async function announceSharedRecording(app: FastifyInstance, tenantId: string, recordingId: string, url: string): Promise<void> {
  if (!app.config.slack) return;
  await app.database.withTenant(tenantId, async (tx: Database) => {
    const [recording] = await tx
      .select({ status: recordings.status, durationSeconds: recordings.durationSeconds, meetingId: meetingSessions.meetingId })
      .from(recordings)
      .innerJoin(meetingSessions, eq(meetingSessions.id, recordings.sessionId))
      .where(eq(recordings.id, recordingId))
      .limit(1);
    if (!recording?.meetingId || recording.status !== 'ready') return;
    const meetingId = recording.meetingId;
    const [meeting] = await tx.select({ topic: meetings.topic }).from(meetings).where(eq(meetings.id, meetingId)).limit(1);
    const channels = await tx.select().from(slackMeetingChannels).where(eq(slackMeetingChannels.meetingId, meetingId));
    for (const channel of channels) {
      if (channel.postedRecordings.includes(recordingId)) continue;
      const length = recording.durationSeconds ? ` (${minutes(recording.durationSeconds * 1000)})` : '';
      await app.jobs.enqueue(tx, {
        kind: postJobKind,
        payload: { tenantId, teamId: channel.teamId, channelId: channel.channelId, text: `The recording of ${meeting ? slackLiteral(meeting.topic) : 'the meeting'}${length} was shared: ${url}` },
        maxAttempts: 8,
      });
      await tx
        .update(slackMeetingChannels)
        .set({ postedRecordings: [...channel.postedRecordings, recordingId] })
        .where(eq(slackMeetingChannels.id, channel.id));
    }
  });
}

export async function followMeetings(app: FastifyInstance, now: Date): Promise<void> {
  const tenantIds = await app.database.withPlatform((tx) => tx.selectDistinct({ tenantId: slackMeetingChannels.tenantId }).from(slackMeetingChannels));
  for (const { tenantId } of tenantIds) await followTenant(app, tenantId, now);
}

export function registerSlackJobs(app: FastifyInstance): void {
  app.jobs.register(postJobKind, (job) => postToSlack(app, job));
  app.jobs.register(followJobKind, (_job, { now }) => followMeetings(app, now));
  app.jobs.schedule({ kind: followJobKind, everySeconds: followEverySeconds });
}
