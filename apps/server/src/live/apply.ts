// Applies media events (src/live/events.ts) to the live-operations tables: meeting sessions, their
// participants and the event log. A batch is applied per tenant in one transaction, so an event is
// either stored with all its effects or not at all. Events may arrive twice or out of order (the
// media server retries, nodes' clocks and batches interleave): the log refuses a key it holds,
// and every effect is written so that its order does not matter (earliest join, latest leave after
// the last join, newest statistics sample), so applying a batch shuffled gives the same rows.
// Each batch reads what it touches once and writes each row once, which is what lets the ingest
// keep up with thousands of events a second on the one embedded connection.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { mediaEvents, meetingParticipants, meetings, meetingSessions, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { type EventSource, type MediaEvent, poorSamplesToFlag, qualityThresholds } from './events.ts';
import type { LiveBus } from './bus.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';
import { isUuid } from '../kernel/db/keyset.ts';

export type ApplyResult = {
  /** Events stored and applied. */
  applied: number;
  /** Events whose key was already stored: ignored. */
  duplicates: number;
  /** Events naming a meeting that does not exist (deleted, or never the portal's): ignored. */
  unknownMeeting: number;
};

type SessionRow = typeof meetingSessions.$inferSelect;
type ParticipantRow = typeof meetingParticipants.$inferSelect;
type MeetingOfEvents = { id: string; tenantId: string; code: string; topic: string; hostId: string; phoneBridge: boolean };


const byTime = (a: MediaEvent, b: MediaEvent) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export async function applyMediaEvents(db: AppDatabase, source: EventSource, events: MediaEvent[], bus?: LiveBus): Promise<ApplyResult> {
  const result: ApplyResult = { applied: 0, duplicates: 0, unknownMeeting: 0 };
  if (events.length === 0) return result;
  const meetingIds = [...new Set(events.map((event) => event.meetingId))].filter(isUuid);
  // Which tenant a meeting belongs to is the one cross-tenant read; everything after runs in that tenant.
  const found: MeetingOfEvents[] =
    meetingIds.length === 0
      ? []
      : await db.withPlatform((tx) =>
          tx
            .select({ id: meetings.id, tenantId: meetings.tenantId, code: meetings.code, topic: meetings.topic, hostId: meetings.hostId, phoneBridge: meetings.phoneBridge })
            .from(meetings)
            .where(inArray(meetings.id, meetingIds)),
        );
  const meetingById = new Map(found.map((meeting) => [meeting.id, meeting]));
  const byTenant = new Map<string, MediaEvent[]>();
  for (const event of events) {
    const meeting = meetingById.get(event.meetingId);
    if (!meeting) {
      result.unknownMeeting += 1;
      continue;
    }
    const list = byTenant.get(meeting.tenantId) ?? [];
    list.push(event);
    byTenant.set(meeting.tenantId, list);
  }
  for (const [tenantId, tenantEvents] of byTenant) {
    const outcome = await db.withTenant(tenantId, (tx) => applyInTenant(tx, tenantId, source, tenantEvents.sort(byTime), meetingById));
    result.applied += outcome.applied;
    result.duplicates += tenantEvents.length - outcome.applied;
    if (outcome.applied > 0) bus?.publish({ tenantId, sessionIds: outcome.sessionIds });
  }
  return result;
}

/** The sessions of the batch's meetings: the running one, and the last ended one (for late events). */
async function sessionsOf(tx: Database, meetingIds: string[]) {
  const running = await tx
    .select()
    .from(meetingSessions)
    .where(and(inArray(meetingSessions.meetingId, meetingIds), isNull(meetingSessions.endedAt)));
  const ended = await tx
    .selectDistinctOn([meetingSessions.meetingId])
    .from(meetingSessions)
    .where(and(inArray(meetingSessions.meetingId, meetingIds), sql`${meetingSessions.endedAt} is not null`))
    .orderBy(meetingSessions.meetingId, desc(meetingSessions.endedAt));
  return { running: new Map(running.map((row) => [present(row.meetingId, 'row.meetingId'), row])), ended: new Map(ended.map((row) => [present(row.meetingId, 'row.meetingId'), row])) };
}

type Batch = {
  tx: Database;
  tenantId: string;
  source: EventSource;
  meetingById: Map<string, MeetingOfEvents>;
  running: Map<string, SessionRow>;
  ended: Map<string, SessionRow>;
  /** When the batch's own close events end sessions, for placing the events after them. */
  closingAt: Map<string, number>;
  /** Sessions created or changed by the batch, written once at its end. */
  touched: Map<string, SessionRow>;
  created: Set<string>;
  /** Sessions that gained a participant row: their participant count changes. */
  grown: Set<string>;
  /** Who is already in which run (`personKey`), for the meetings where a late goodbye could be misplaced. */
  attended: Set<string>;
};

/** What the batch may change of a session; one unchanged is not written again (most batches only carry statistics). */
const sessionState = (session: SessionRow) =>
  `${session.startedAt.getTime()}|${session.endedAt?.getTime() ?? ''}|${session.video}|${session.screenShare}|${session.recording}|${session.flagged}`;

/**
 * The session an event belongs to: the running one; the last ended one when the event happened
 * before it ended (a late event); otherwise a new one (the room opened, or events overtook the
 * room's own opening event).
 */
/** What begins a meeting's run: the room opening, or someone joining it. */
const startsRun = new Set<MediaEvent['type']>(['room.opened', 'participant.joined']);

/**
 * An event about someone who was in the last run and has not joined this one: the media server's
 * late word about a handle of the last run (a tab left open on "the meeting has ended" closes
 * while the meeting runs again). It belongs to the last run; in this one it would make a nameless
 * participant who was never there.
 */
function isLateGoodbye(batch: Batch, event: MediaEvent, running: SessionRow, ended: SessionRow): boolean {
  if (!('participant' in event) || event.type === 'participant.joined') return false;
  return !batch.attended.has(personKey(running.id, event.participant)) && batch.attended.has(personKey(ended.id, event.participant));
}

function sessionFor(batch: Batch, event: MediaEvent): SessionRow {
  const running = batch.running.get(event.meetingId);
  const ended = batch.ended.get(event.meetingId);
  if (running && ended && isLateGoodbye(batch, event, running, ended)) return ended;
  if (running && event.type === 'participant.joined') batch.attended.add(personKey(running.id, event.participant));
  const endedAt = ended ? (ended.endedAt?.getTime() ?? batch.closingAt.get(ended.id) ?? Number.POSITIVE_INFINITY) : null;
  if (running && !(endedAt !== null && event.at <= endedAt && event.at < running.startedAt.getTime())) {
    // Placed in time order: what happens after this close belongs to the meeting's next run,
    // even in the same batch. (The close itself is applied with the others, in applyOne.)
    if (event.type === 'room.closed') {
      batch.closingAt.set(running.id, event.at);
      batch.running.delete(event.meetingId);
      batch.ended.set(event.meetingId, running);
    }
    return running;
  }
  // After a run ended only an opening starts the next one: the media server's own goodbyes
  // (hang-ups, detaches, last statistics) of a room the portal closed arrive later, and belong to it.
  if (ended && endedAt !== null && (event.at <= endedAt || !startsRun.has(event.type))) return ended;
  const meeting = present(batch.meetingById.get(event.meetingId), 'batch.meetingById.get(event.meetingId)');
  const session: SessionRow = {
    id: crypto.randomUUID(),
    tenantId: batch.tenantId,
    meetingId: meeting.id,
    code: meeting.code,
    topic: meeting.topic,
    hostId: meeting.hostId,
    node: event.node,
    source: batch.source,
    startedAt: new Date(event.at),
    endedAt: null,
    video: false,
    screenShare: false,
    phoneBridge: meeting.phoneBridge,
    recording: false,
    participants: 0,
    flagged: false,
  };
  batch.running.set(meeting.id, session);
  batch.created.add(session.id);
  batch.touched.set(session.id, session);
  return session;
}

/** Who of the batch's participants is in the running and the last ended run, where a meeting has both (most batches: none). */
async function attendanceOf(tx: Database, running: Map<string, SessionRow>, ended: Map<string, SessionRow>, events: MediaEvent[]): Promise<Set<string>> {
  const about = events.filter((event) => 'participant' in event && event.type !== 'participant.joined' && running.has(event.meetingId) && ended.has(event.meetingId));
  if (about.length === 0) return new Set();
  const meetingIds = [...new Set(about.map((event) => event.meetingId))];
  const sessionIds = meetingIds.flatMap((meetingId) => [present(running.get(meetingId), 'running run').id, present(ended.get(meetingId), 'ended run').id]);
  const keys = [...new Set(about.map((event) => ('participant' in event ? event.participant : '')))];
  const rows = await tx
    .select({ sessionId: meetingParticipants.sessionId, participantKey: meetingParticipants.participantKey })
    .from(meetingParticipants)
    .where(and(inArray(meetingParticipants.sessionId, sessionIds), inArray(meetingParticipants.participantKey, keys)));
  return new Set(rows.map((row) => personKey(row.sessionId, row.participantKey)));
}

async function applyInTenant(tx: Database, tenantId: string, source: EventSource, events: MediaEvent[], meetingById: Map<string, MeetingOfEvents>) {
  const { running, ended } = await sessionsOf(tx, [...new Set(events.map((event) => event.meetingId))]);
  const attended = await attendanceOf(tx, running, ended, events);
  const batch: Batch = { tx, tenantId, source, meetingById, running, ended, closingAt: new Map(), touched: new Map(), created: new Set(), grown: new Set(), attended };
  const before = new Map([...running.values(), ...ended.values()].map((session) => [session.id, sessionState(session)]));
  const endedBefore = new Set([...ended.values()].map((session) => session.id));
  const placed = events.map((event) => ({ event, session: sessionFor(batch, event) }));
  // New sessions first: the log's rows refer to them.
  // A run that ends in this batch ends before the next run of its meeting is written: only one
  // run of a meeting may be open at a time (meeting_sessions_running).
  for (const [sessionId, at] of batch.closingAt) {
    if (!batch.created.has(sessionId)) await tx.update(meetingSessions).set({ endedAt: new Date(at) }).where(and(eq(meetingSessions.id, sessionId), isNull(meetingSessions.endedAt)));
  }
  const fresh = [...batch.touched.values()]
    .filter((session) => batch.created.has(session.id))
    .map((session) => ({ ...session, endedAt: session.endedAt ?? (batch.closingAt.has(session.id) ? new Date(present(batch.closingAt.get(session.id), 'batch.closingAt.get(session.id)')) : null) }));
  if (fresh.length > 0) await tx.insert(meetingSessions).values(fresh);

  const stored = await tx
    .insert(mediaEvents)
    .values(
      placed.map(({ event, session }) => ({
        tenantId,
        sessionId: session.id,
        eventKey: event.key,
        type: event.type,
        participantKey: 'participant' in event ? event.participant : null,
        occurredAt: new Date(event.at),
        data: eventData(event),
      })),
    )
    .onConflictDoNothing()
    .returning({ key: mediaEvents.eventKey });
  const storedKeys = new Set(stored.map((row) => row.key));
  const toApply = placed.filter(({ event }) => storedKeys.has(event.key));

  const people = await participantsOf(tx, toApply);
  for (const { event, session } of toApply) applyOne(batch, people, session, event);
  await writeParticipants(tx, people);
  for (const session of batch.touched.values()) {
    if (!batch.created.has(session.id) && !batch.grown.has(session.id) && before.get(session.id) === sessionState(session)) continue;
    await tx
      .update(meetingSessions)
      .set({
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        video: session.video,
        screenShare: session.screenShare,
        recording: session.recording,
        flagged: session.flagged,
        participants: sql`(select count(*) from ${meetingParticipants} where ${meetingParticipants.sessionId} = ${session.id})::int`,
      })
      .where(eq(meetingSessions.id, session.id));
  }
  await emitLiveWebhooks(batch, toApply, endedBefore);
  return { applied: toApply.length, sessionIds: [...new Set(toApply.map(({ session }) => session.id))] };
}

/**
 * The webhook events of what this batch changed, queued in its transaction (src/webhooks): a run
 * that began (meeting.started) or ended (meeting.ended, with `endedBy` when someone ended it on
 * purpose), and each applied join and leave. Late or duplicate events were dropped above, so a
 * receiver hears each change once.
 */
async function emitLiveWebhooks(batch: Batch, applied: Array<{ event: MediaEvent; session: SessionRow }>, endedBefore: Set<string>) {
  const { tx, tenantId } = batch;
  const runOf = (session: SessionRow) => {
    const meeting = session.meetingId ? batch.meetingById.get(session.meetingId) : undefined;
    return { meetingId: session.meetingId, sessionId: session.id, code: meeting?.code ?? null, topic: meeting?.topic ?? null };
  };
  for (const session of batch.touched.values()) {
    if (batch.created.has(session.id)) await emitWebhookEvent(tx, tenantId, 'meeting.started', { ...runOf(session), startedAt: session.startedAt.toISOString() });
    const closing = batch.closingAt.get(session.id);
    const endedAt = session.endedAt ?? (closing === undefined ? null : new Date(closing));
    if (endedAt && !endedBefore.has(session.id)) {
      const closed = applied.find(({ event, session: of }) => of.id === session.id && event.type === 'room.closed')?.event;
      const endedBy = closed?.type === 'room.closed' ? (closed.endedBy ?? null) : null;
      await emitWebhookEvent(tx, tenantId, 'meeting.ended', { ...runOf(session), startedAt: session.startedAt.toISOString(), endedAt: endedAt.toISOString(), endedBy });
    }
  }
  for (const { event, session } of applied) {
    if (event.type === 'participant.joined') await emitWebhookEvent(tx, tenantId, 'participant.joined', { ...runOf(session), participant: event.participant, displayName: event.display, at: new Date(event.at).toISOString() });
    if (event.type === 'participant.left') await emitWebhookEvent(tx, tenantId, 'participant.left', { ...runOf(session), participant: event.participant, at: new Date(event.at).toISOString() });
  }
}

/** The event as the log keeps it: everything but the envelope. */
function eventData(event: MediaEvent): Record<string, unknown> {
  const { key: _key, at: _at, meetingId: _meeting, type: _type, ...rest } = event;
  return rest;
}

const personKey = (sessionId: string, participant: string) => `${sessionId}/${participant}`;

type People = {
  rows: Map<string, ParticipantRow>;
  changed: Set<string>;
  userInfo: Map<string, { email: string }>;
  /** Sessions closed by the batch: their participants the batch did not read are marked left too. */
  closing: { sessionId: string; at: Date }[];
};

async function participantsOf(tx: Database, placed: { event: MediaEvent; session: SessionRow }[]): Promise<People> {
  const wanted = placed.filter(({ event }) => 'participant' in event);
  const sessionIds = [...new Set(wanted.map(({ session }) => session.id))];
  const keys = [...new Set(wanted.map(({ event }) => ('participant' in event ? event.participant : '')))];
  const rows =
    sessionIds.length === 0
      ? []
      : await tx
          .select()
          .from(meetingParticipants)
          .where(and(inArray(meetingParticipants.sessionId, sessionIds), inArray(meetingParticipants.participantKey, keys)));
  const userIds = keys.filter(isUuid);
  // Row-level security keeps this to the tenant's own users: another tenant's id names nobody here.
  const known = userIds.length === 0 ? [] : await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return {
    rows: new Map(rows.map((row) => [personKey(row.sessionId, row.participantKey), row])),
    changed: new Set(),
    closing: [],
    userInfo: new Map(known.map((user) => [user.id, { email: user.email }])),
  };
}

function personIn(batch: Batch, people: People, session: SessionRow, participant: string, at: Date): ParticipantRow {
  const key = personKey(session.id, participant);
  let row = people.rows.get(key);
  if (!row) {
    const user = people.userInfo.get(participant);
    row = {
      id: crypto.randomUUID(),
      tenantId: batch.tenantId,
      sessionId: session.id,
      participantKey: participant,
      userId: user ? participant : null,
      displayName: '',
      email: user?.email ?? null,
      joinedAt: at,
      lastJoinedAt: null,
      leftAt: null,
      client: {},
      cameraOn: false,
      micOn: false,
      screenSharing: false,
      audioCodec: null,
      videoCodec: null,
      statsAt: null,
      bitrateInKbps: null,
      bitrateOutKbps: null,
      packetLoss: null,
      jitterMs: null,
      rttMs: null,
      samples: 0,
      packetLossSum: 0,
      jitterSum: 0,
      rttSum: 0,
      poorStreak: 0,
      flagged: false,
      flagReason: null,
    };
    people.rows.set(key, row);
    batch.grown.add(session.id);
  }
  people.changed.add(key);
  return row;
}

const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

function applyOne(batch: Batch, people: People, session: SessionRow, event: MediaEvent): void {
  const at = new Date(event.at);
  batch.touched.set(session.id, session);
  // Whatever happened first in the session (its opening, or an event that overtook it) starts it.
  session.startedAt = earlier(session.startedAt, at);
  switch (event.type) {
    case 'room.opened':
      return;
    case 'room.closed':
      session.endedAt = later(session.endedAt, at);
      batch.running.delete(event.meetingId);
      batch.ended.set(event.meetingId, session);
      for (const row of people.rows.values()) if (row.sessionId === session.id && row.leftAt === null) leave(people, row, at);
      closeRemaining(people, session, at);
      return;
    case 'recording.started':
      session.recording = true;
      return;
    case 'recording.stopped':
      return;
  }
  const person = personIn(batch, people, session, event.participant, at);
  applyToPerson(session, person, people, event, at);
  // A late event of a session that has ended never leaves anyone in it.
  if (session.endedAt && person.leftAt === null) leave(people, person, session.endedAt);
}

function applyToPerson(session: SessionRow, person: ParticipantRow, people: People, event: Exclude<MediaEvent, { type: `room.${string}` | `recording.${string}` }>, at: Date): void {
  switch (event.type) {
    case 'participant.joined':
      person.joinedAt = earlier(person.joinedAt, at);
      if (person.leftAt && at > person.leftAt) person.leftAt = null;
      person.lastJoinedAt = later(person.lastJoinedAt, at);
      if (event.display) person.displayName = event.display;
      return;
    case 'participant.left':
      // Leaving a run that has ended: they left when it ended.
      if (person.lastJoinedAt === null || at >= person.lastJoinedAt) leave(people, person, session.endedAt && at > session.endedAt ? session.endedAt : at);
      return;
    case 'participant.client':
      person.client = { ...person.client, ...event.client };
      return;
    case 'stream.published': {
      // Published before a leave that arrived first: it counts for the meeting, but they are not sending now.
      const sending = person.leftAt === null;
      for (const stream of event.streams) {
        if (stream.kind === 'audio') {
          person.micOn ||= sending;
          person.audioCodec = stream.codec ?? person.audioCodec;
        } else if (stream.kind === 'video') {
          person.cameraOn ||= sending;
          person.videoCodec = stream.codec ?? person.videoCodec;
          session.video = true;
        } else {
          person.screenSharing ||= sending;
          session.screenShare = true;
        }
      }
      return;
    }
    case 'stream.unpublished':
      if (event.kinds.includes('audio')) person.micOn = false;
      if (event.kinds.includes('video')) person.cameraOn = false;
      if (event.kinds.includes('screen')) person.screenSharing = false;
      return;
    case 'media.stats':
      takeSample(person, event, at);
      if (person.flagged) session.flagged = true;
      return;
  }
}

function leave(people: People, person: ParticipantRow, at: Date) {
  person.leftAt = later(person.leftAt, at);
  person.cameraOn = false;
  person.micOn = false;
  person.screenSharing = false;
  people.changed.add(personKey(person.sessionId, person.participantKey));
}

function closeRemaining(people: People, session: SessionRow, at: Date) {
  people.closing.push({ sessionId: session.id, at });
}

function takeSample(person: ParticipantRow, sample: Extract<MediaEvent, { type: 'media.stats' }>, at: Date) {
  person.samples += 1;
  person.packetLossSum += sample.packetLoss;
  person.jitterSum += sample.jitterMs;
  person.rttSum += sample.rttMs;
  const poor = poorReason(sample);
  person.poorStreak = poor ? person.poorStreak + 1 : 0;
  if (poor && person.poorStreak >= poorSamplesToFlag && !person.flagged) {
    person.flagged = true;
    person.flagReason = poor;
  }
  if (sample.codec) {
    if (sample.kind === 'audio') person.audioCodec = sample.codec;
    else person.videoCodec = sample.codec;
  }
  if (person.statsAt && person.statsAt >= at) return;
  person.statsAt = at;
  person.bitrateInKbps = sample.inKbps;
  person.bitrateOutKbps = sample.outKbps;
  person.packetLoss = sample.packetLoss;
  person.jitterMs = sample.jitterMs;
  person.rttMs = sample.rttMs;
}

function poorReason(sample: { packetLoss: number; jitterMs: number; rttMs: number }): string | null {
  if (sample.packetLoss > qualityThresholds.packetLoss) return 'packet_loss';
  if (sample.jitterMs > qualityThresholds.jitterMs) return 'jitter';
  if (sample.rttMs > qualityThresholds.rttMs) return 'rtt';
  return null;
}

async function writeParticipants(tx: Database, people: People) {
  const rows = [...people.changed].map((key) => present(people.rows.get(key), 'people.rows.get(key)'));
  if (rows.length > 0) {
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await tx
      .insert(meetingParticipants)
      .values(rows)
      .onConflictDoUpdate({
        target: [meetingParticipants.sessionId, meetingParticipants.participantKey],
        set: {
          displayName: excluded('display_name'),
          joinedAt: excluded('joined_at'),
          lastJoinedAt: excluded('last_joined_at'),
          leftAt: excluded('left_at'),
          client: excluded('client'),
          cameraOn: excluded('camera_on'),
          micOn: excluded('mic_on'),
          screenSharing: excluded('screen_sharing'),
          audioCodec: excluded('audio_codec'),
          videoCodec: excluded('video_codec'),
          statsAt: excluded('stats_at'),
          bitrateInKbps: excluded('bitrate_in_kbps'),
          bitrateOutKbps: excluded('bitrate_out_kbps'),
          packetLoss: excluded('packet_loss'),
          jitterMs: excluded('jitter_ms'),
          rttMs: excluded('rtt_ms'),
          samples: excluded('samples'),
          packetLossSum: excluded('packet_loss_sum'),
          jitterSum: excluded('jitter_sum'),
          rttSum: excluded('rtt_sum'),
          poorStreak: excluded('poor_streak'),
          flagged: excluded('flagged'),
          flagReason: excluded('flag_reason'),
        },
      });
  }
  for (const { sessionId, at } of people.closing) {
    await tx
      .update(meetingParticipants)
      .set({ leftAt: at, cameraOn: false, micOn: false, screenSharing: false })
      .where(and(eq(meetingParticipants.sessionId, sessionId), isNull(meetingParticipants.leftAt)));
  }
}
