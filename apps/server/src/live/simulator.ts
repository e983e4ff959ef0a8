// The built-in traffic simulator: with no media server, `npm start` still shows a living platform.
// A few meetings of every tenant that has meetings run at a time: each opens, people join on
// their clients and networks, publish audio and video, some share a screen, some meetings are
// recorded, everyone sends statistics every 2 s (now and then someone's network goes bad and
// the call is flagged), and after a few minutes the meeting ends, some people rate it, and
// another one starts. Its events are the portal's own (events.ts), applied like a media
// server's (apply.ts), so every screen reads simulated and real meetings the same way.
// A seed and an injected clock make a run repeatable: tests step it without waiting.
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingFeedback, meetingParticipants, meetingRooms, meetings, meetingSessions, tenants, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { applyMediaEvents } from './apply.ts';
import type { LiveBus } from './bus.ts';
import type { MediaEvent } from './events.ts';
import { createRng, feedbackOf, mixSeed, planSession, plannedEvents, type PlannedEvent, type Rng, type SessionPlan, type SimMeeting } from './simulated-traffic.ts';
import { present } from '../kernel/db/present.ts';

/** What the simulator knows of a recorded meeting that ended. */
export type SimulatedRecording = { tenantId: string; sessionId: string | null; meetingId: string; startedAt: Date; endedAt: Date };

/** Queues a recorded simulated meeting's recording (in the caller's tenant transaction). */
export type SimulatedRecorder = (tx: Database, recording: SimulatedRecording) => Promise<void>;

/** The node name simulated meetings run on. */
export const simulatorNode = 'simulator';

/** Time as the simulator sees it: the real clock, or a test's. */
export type SimulatorClock = {
  now: () => number;
  /** Calls `fn` every `ms` until the answered function is called. */
  every: (ms: number, fn: () => void) => () => void;
};

export const systemClock: SimulatorClock = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

type Log = { info?: (details: object, message: string) => void; warn: (details: object, message: string) => void };

export type SimulatorOptions = {
  database: AppDatabase;
  bus?: LiveBus;
  seed?: number;
  clock?: SimulatorClock;
  /** Names this run's event keys (`sim:<runId>:<n>`); default from the start time and seed. */
  runId?: string;
  /** Meetings running at once per tenant (default 3). */
  meetingsPerTenant?: number;
  /** How long a meeting runs, minutes (default 3 to 8). */
  minutes?: [number, number];
  log?: Log;
  /** Makes a recorded meeting's recording when it ends (src/recordings/demo.ts: real, playable files). */
  recorder?: SimulatedRecorder;
};

export type Simulator = {
  readonly runId: string;
  /** Catches up with the clock: every 2 s step up to now (the timer calls it; tests call it). */
  tick: () => Promise<void>;
  /** Stops the timer and ends the meetings it runs (room closed now). Safe to call twice. */
  stop: () => Promise<void>;
  /** What the run did so far. */
  readonly counts: { events: number; sessions: number; ended: number; feedback: number };
};

export const statsPeriodMs = 2_000;
/** Behind by more than this (a suspended laptop), the steps between keep their events but not their statistics. */
const maxBacklogMs = 60_000;
/** How long a simulated meeting an administrator ended stays out of the simulation. */
const restAfterEndMs = 10 * 60_000;

type Slot = { tenantId: string; plan: SessionPlan | null; nextStartAt: number };

/** The meetings of every tenant but the platform's, with the tenant's enabled people as possible participants. */
export async function loadSimMeetings(database: AppDatabase): Promise<SimMeeting[]> {
  return database.withPlatform(async (tx) => {
    const rows = await tx
      .select({ meetingId: meetings.id, tenantId: meetings.tenantId, hostId: meetings.hostId })
      .from(meetings)
      .innerJoin(tenants, eq(tenants.id, meetings.tenantId))
      .where(ne(tenants.sname, 'system'))
      .orderBy(meetings.tenantId, meetings.code);
    const tenantIds = [...new Set(rows.map((row) => row.tenantId))];
    const people =
      tenantIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, tenantId: users.tenantId, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName })
            .from(users)
            .where(and(inArray(users.tenantId, tenantIds), eq(users.status, 'enabled')))
            .orderBy(users.email);
    return rows.map((row) => ({
      ...row,
      people: people.filter((person) => person.tenantId === row.tenantId).map((person) => ({ participant: person.id, display: person.displayName || `${person.firstName} ${person.lastName}` })),
    }));
  });
}

/** Meetings running now (any source) or with an open media room: the simulator leaves them alone. */
async function busyMeetings(database: AppDatabase): Promise<Set<string>> {
  return database.withPlatform(async (tx) => {
    const running = await tx.select({ id: meetingSessions.meetingId }).from(meetingSessions).where(isNull(meetingSessions.endedAt));
    const rooms = await tx.select({ id: meetingRooms.meetingId }).from(meetingRooms);
    return new Set([...running, ...rooms].flatMap((row) => (row.id ? [row.id] : [])));
  });
}

/**
 * Feedback of the people of ended sessions, as they would give it at the end: some answer, worse
 * when their call was flagged. Each session's answers come from its own seed.
 */
export async function recordFeedback(tx: Database, tenantId: string, sessions: { id: string; seed: number }[]): Promise<number> {
  if (sessions.length === 0) return 0;
  const people = await tx
    .select({ id: meetingParticipants.id, sessionId: meetingParticipants.sessionId, userId: meetingParticipants.userId, displayName: meetingParticipants.displayName, flagged: meetingParticipants.flagged, leftAt: meetingParticipants.leftAt })
    .from(meetingParticipants)
    .where(
      inArray(
        meetingParticipants.sessionId,
        sessions.map((session) => session.id),
      ),
    )
    .orderBy(meetingParticipants.sessionId, meetingParticipants.participantKey);
  const rows: (typeof meetingFeedback.$inferInsert)[] = [];
  for (const session of sessions) {
    const rng = createRng(mixSeed(session.seed, 0xfeed));
    for (const person of people.filter((row) => row.sessionId === session.id)) {
      const answer = feedbackOf(rng, person.flagged);
      if (!answer) continue;
      const at = person.leftAt ? new Date(person.leftAt.getTime() + rng.int(3_000, 40_000)) : new Date();
      rows.push({ tenantId, sessionId: session.id, participantId: person.id, userId: person.userId, displayName: person.displayName, ...answer, createdAt: at });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(meetingFeedback).values(rows.slice(i, i + 500)).onConflictDoNothing();
  return rows.length;
}

/** Names planned events `sim:<runId>:<n>` in order, on the simulator node. */
export function eventNamer(runId: string) {
  let n = 0;
  return (events: PlannedEvent[]): MediaEvent[] => events.map((event) => ({ ...event, key: `sim:${runId}:${(n += 1)}`, node: simulatorNode }));
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const { database, bus, log } = options;
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const started = clock.now();
  const runId = options.runId ?? `${started.toString(36)}-${seed.toString(36)}`;
  const perTenant = options.meetingsPerTenant ?? 3;
  const [minMinutes, maxMinutes] = options.minutes ?? [3, 8];
  const rng: Rng = createRng(seed);
  const name = eventNamer(runId);
  const counts = { events: 0, sessions: 0, ended: 0, feedback: 0 };

  let catalog = await loadSimMeetings(database);
  let catalogAt = started;
  await closeLeftovers(database, name, started);

  const slots: Slot[] = [];
  /** Tenants with meetings get their slots: the first meeting opens at once, the others within a minute. */
  const addSlots = (at: number) => {
    const known = new Set(slots.map((slot) => slot.tenantId));
    for (const tenantId of [...new Set(catalog.map((meeting) => meeting.tenantId))].filter((id) => !known.has(id))) {
      for (let i = 0; i < perTenant; i += 1) slots.push({ tenantId, plan: null, nextStartAt: at + (i === 0 ? 1_000 : rng.int(5_000, 60_000)) });
    }
  };
  addSlots(started);

  let last = started;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const plan = async (from: number, to: number) => {
    // Meetings come and go: read them again every 10 minutes (and after one was deleted).
    if (to - catalogAt > 10 * 60_000) {
      catalog = await loadSimMeetings(database);
      catalogAt = to;
      addSlots(from);
    }
    const due = slots.filter((slot) => slot.plan === null && slot.nextStartAt <= to);
    if (due.length === 0) return;
    const busy = await busyMeetings(database);
    for (const slot of slots) if (slot.plan) busy.add(slot.plan.meetingId);
    for (const [meetingId, until] of resting) if (until > from) busy.add(meetingId);
    else resting.delete(meetingId);
    for (const slot of due) {
      const free = catalog.filter((meeting) => meeting.tenantId === slot.tenantId && !busy.has(meeting.meetingId));
      if (free.length === 0) {
        slot.nextStartAt = to + 30_000;
        continue;
      }
      const meeting = rng.pick(free);
      const startAt = Math.max(slot.nextStartAt, from + 1);
      slot.plan = planSession(rng, meeting, { startAt, durationMs: rng.int(minMinutes * 60_000, maxMinutes * 60_000), stats: { everyMs: statsPeriodMs } });
      busy.add(meeting.meetingId);
      counts.sessions += 1;
    }
  };

  /** A meeting someone opened for real while simulated: the simulated run ends now, the real one takes over. */
  const yieldToRealRooms = async (from: number) => {
    if (!slots.some((slot) => slot.plan)) return;
    const rooms = await database.withPlatform((tx) => tx.select({ id: meetingRooms.meetingId }).from(meetingRooms));
    const real = new Set(rooms.map((room) => room.id));
    for (const slot of slots) {
      if (slot.plan && real.has(slot.plan.meetingId) && slot.plan.endAt > from + 1) slot.plan = { ...slot.plan, endAt: Math.max(slot.plan.startAt, from + 1) };
    }
  };

  /** Meetings an administrator ended, by when the simulator may run them again. */
  const resting = new Map<string, number>();
  /**
   * A simulated run an administrator ended from Live meetings (endLiveMeeting): its plan ends now,
   * or its next joins would open the meeting again as a new run; and the meeting rests a while, or
   * another slot would pick it at once and it would seem to come back.
   */
  const yieldToAdministrators = async (from: number) => {
    const planned = slots.flatMap((slot) => (slot.plan && slot.plan.startAt <= from ? [slot.plan.meetingId] : []));
    if (planned.length === 0) return;
    const ended = await database.withPlatform((tx) =>
      tx
        .select({ meetingId: meetingSessions.meetingId, startedAt: meetingSessions.startedAt })
        .from(meetingSessions)
        .where(and(eq(meetingSessions.source, 'simulator'), inArray(meetingSessions.meetingId, planned), isNotNull(meetingSessions.endedAt))),
    );
    const endedRuns = new Set(ended.map((row) => `${row.meetingId}|${row.startedAt.getTime()}`));
    for (const slot of slots) {
      if (slot.plan && endedRuns.has(`${slot.plan.meetingId}|${slot.plan.startAt}`) && slot.plan.endAt > from + 1) {
        resting.set(slot.plan.meetingId, from + restAfterEndMs);
        slot.plan = { ...slot.plan, endAt: from + 1 };
      }
    }
  };

  const apply = async (events: PlannedEvent[]) => {
    if (events.length === 0) return;
    const result = await applyMediaEvents(database, 'simulator', name(events), bus);
    counts.events += result.applied;
    if (result.unknownMeeting > 0) catalogAt = -Infinity;
  };

  /** One window (from, to]: start what is due, apply its events, then the feedback of what ended. */
  const step = async (from: number, to: number, withStats: boolean) => {
    await yieldToRealRooms(from);
    await yieldToAdministrators(from);
    await plan(from, to);
    const events = slots.flatMap((slot) => (slot.plan ? plannedEvents(slot.plan, from, to, { stats: withStats }) : []));
    await apply(events);
    const ended = slots.filter((slot) => slot.plan && slot.plan.endAt <= to);
    for (const slot of ended) {
      const done = present(slot.plan, 'slot.plan');
      slot.plan = null;
      slot.nextStartAt = done.endAt + rng.int(10_000, 60_000);
      counts.ended += 1;
      counts.feedback += await database.withTenant(done.tenantId, async (tx) => {
        const [session] = await tx
          .select({ id: meetingSessions.id })
          .from(meetingSessions)
          .where(and(eq(meetingSessions.meetingId, done.meetingId), eq(meetingSessions.startedAt, new Date(done.startAt))));
        if (!session) return 0;
        if (done.recording && done.recording.from < done.endAt && options.recorder) {
          const endedAt = new Date(Math.min(done.recording.to, done.endAt));
          await options.recorder(tx, { tenantId: done.tenantId, sessionId: session.id, meetingId: done.meetingId, startedAt: new Date(done.recording.from), endedAt });
        }
        return recordFeedback(tx, done.tenantId, [{ id: session.id, seed: done.seed }]);
      });
    }
  };

  const catchUp = async () => {
    const now = clock.now();
    if (now - last > maxBacklogMs) {
      const skipTo = last + Math.floor((now - last - statsPeriodMs) / statsPeriodMs) * statsPeriodMs;
      await step(last, skipTo, false);
      last = skipTo;
    }
    while (!stopped && last + statsPeriodMs <= now) {
      await step(last, last + statsPeriodMs, true);
      last += statsPeriodMs;
    }
  };

  const tick = () => {
    // One catch-up at a time: a tick arriving during the previous one waits for it.
    running = running.then(catchUp).catch((error: unknown) => log?.warn({ err: error }, 'traffic simulator step failed'));
    return running;
  };

  const cancel = clock.every(statsPeriodMs, () => void tick());
  log?.info?.({ runId, tenants: new Set(slots.map((slot) => slot.tenantId)).size }, 'traffic simulator started');

  return {
    runId,
    counts,
    tick,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      cancel();
      await running;
      // The platform goes down with its meetings: end them now rather than leave them live.
      const at = Math.max(clock.now(), last + 1);
      const closing = slots.flatMap((slot) => (slot.plan && slot.plan.startAt < at ? [{ type: 'room.closed' as const, at, meetingId: slot.plan.meetingId }] : []));
      await apply(closing);
      for (const slot of slots) slot.plan = null;
    },
  };
}

/** Starts the simulator when the configuration wants it (PORTAL_SIMULATOR); null when it does not. */
export async function startConfiguredSimulator(config: { simulator: boolean }, options: SimulatorOptions): Promise<Simulator | null> {
  return config.simulator ? startSimulator(options) : null;
}

/** Sessions a previous run left live (the process was killed): closed after their last event. */
async function closeLeftovers(database: AppDatabase, name: (events: PlannedEvent[]) => MediaEvent[], now: number) {
  const open = await database.withPlatform((tx) =>
    tx
      .select({ meetingId: meetingSessions.meetingId, startedAt: meetingSessions.startedAt, lastAt: sql<string | null>`(select max(e.occurred_at) from media_events e where e.session_id = meeting_sessions.id)` })
      .from(meetingSessions)
      .where(and(isNull(meetingSessions.endedAt), eq(meetingSessions.source, 'simulator'))),
  );
  const events = open.flatMap((row) => {
    if (!row.meetingId) return [];
    const lastAt = row.lastAt ? new Date(row.lastAt).getTime() : row.startedAt.getTime();
    return [{ type: 'room.closed' as const, meetingId: row.meetingId, at: Math.min(now, lastAt + 1_000) }];
  });
  if (events.length > 0) await applyMediaEvents(database, 'simulator', name(events));
}
