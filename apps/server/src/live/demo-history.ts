// The demo tenant's past: completed meetings of the last days, made by the traffic simulator's own
// generator (simulated-traffic.ts) on a made-up clock and applied like any events (apply.ts), so
// history and live meetings have the same shape: sessions with their participants, clients,
// statistics summaries and flags, and the feedback some participants gave. The first start writes
// 90 days of it (seed.ts), so Completed meetings, Past meetings, Feedback and the Dashboard show
// content at once; the dashboard benchmark reuses it for a year.
import { and, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingSessions } from '../kernel/db/schema.ts';
import { applyMediaEvents } from './apply.ts';
import { createRng, planSession, plannedEvents, type SessionPlan } from './simulated-traffic.ts';
import { eventNamer, loadSimMeetings, recordFeedback } from './simulator.ts';

export type HistoryOptions = {
  tenantId: string;
  /** Days back from today (today counts, with only the meetings already over). */
  days: number;
  /** Meetings on a working day; about a quarter of that on Saturdays and Sundays. */
  perDay: number;
  seed: number;
  /** Default: the real now. */
  now?: number;
};

export type HistoryReport = { sessions: number; participants: number; events: number; feedback: number; ms: number };

const dayMs = 86_400_000;
/** Applied together: one transaction per batch, each meeting at most once in it (see `batches`). */
const maxEventsPerBatch = 4_000;
/** Statistics samples per participant and kind: enough for a summary and a flag, few enough to write fast. */
const samplesPerParticipant = 4;

/**
 * Writes completed meetings of the tenant's own meetings for the past `days` days (nothing when it
 * has no meetings). Meant for a tenant with no live meeting: a running session of a meeting would
 * take that meeting's history in.
 */
export async function generateHistory(database: AppDatabase, options: HistoryOptions): Promise<HistoryReport> {
  const began = performance.now();
  const now = options.now ?? Date.now();
  const rng = createRng(options.seed);
  const catalog = (await loadSimMeetings(database)).filter((meeting) => meeting.tenantId === options.tenantId);
  const report: HistoryReport = { sessions: 0, participants: 0, events: 0, feedback: 0, ms: 0 };
  if (catalog.length === 0) return report;

  const plans: SessionPlan[] = [];
  const freeFrom = new Map<string, number>();
  const today = Math.floor(now / dayMs) * dayMs;
  for (let day = options.days - 1; day >= 0; day -= 1) {
    const dayStart = today - day * dayMs;
    const weekday = new Date(dayStart).getUTCDay();
    const count = weekday === 0 || weekday === 6 ? Math.round(options.perDay / 4) : options.perDay;
    const starts = Array.from({ length: count }, () => dayStart + rng.int(6 * 60, 17 * 60) * 60_000).sort((a, b) => a - b);
    for (const wanted of starts) {
      const meeting = rng.pick(catalog);
      // A meeting runs once at a time: the next run of it waits for the last one to end.
      const startAt = Math.max(wanted, (freeFrom.get(meeting.meetingId) ?? 0) + 10 * 60_000) + rng.int(0, 59_999);
      const plan = planSession(rng, meeting, { startAt, durationMs: rng.int(15, 75) * 60_000, maxPeople: 9, stats: { samples: samplesPerParticipant }, poorSpan: 'stay', poorChance: { cellular: 0.1, other: 0.02 } });
      if (plan.endAt > now - 60_000) continue;
      freeFrom.set(meeting.meetingId, plan.endAt);
      plans.push(plan);
    }
  }

  const name = eventNamer(`history-${options.seed.toString(36)}-${now.toString(36)}`);
  for (const batch of batches(plans)) {
    const events = batch.flatMap((plan) => plannedEvents(plan, -Infinity, Infinity));
    const result = await applyMediaEvents(database, 'simulator', name(events));
    report.events += result.applied;
    report.sessions += batch.length;
    report.participants += batch.reduce((sum, plan) => sum + plan.participants.length, 0);
    report.feedback += await database.withTenant(options.tenantId, async (tx) => {
      const rows = await tx
        .select({ id: meetingSessions.id, meetingId: meetingSessions.meetingId, startedAt: meetingSessions.startedAt })
        .from(meetingSessions)
        .where(
          and(
            inArray(
              meetingSessions.meetingId,
              batch.map((plan) => plan.meetingId),
            ),
            inArray(
              meetingSessions.startedAt,
              batch.map((plan) => new Date(plan.startAt)),
            ),
          ),
        );
      const seedOf = new Map(batch.map((plan) => [`${plan.meetingId}@${plan.startAt}`, plan.seed]));
      const sessions = rows.flatMap((row) => {
        const seed = seedOf.get(`${row.meetingId}@${row.startedAt.getTime()}`);
        return seed === undefined ? [] : [{ id: row.id, seed }];
      });
      return recordFeedback(tx, options.tenantId, sessions);
    });
  }
  report.ms = Math.round(performance.now() - began);
  return report;
}

/**
 * Groups the runs for applying: the n-th run of every meeting together, in order, so a batch
 * never holds two runs of one meeting (a batch places each event in the meeting's session as it
 * stood before the batch) and every meeting's runs are applied oldest first.
 */
function batches(plans: SessionPlan[]): SessionPlan[][] {
  const byMeeting = new Map<string, SessionPlan[]>();
  for (const plan of plans) byMeeting.set(plan.meetingId, [...(byMeeting.get(plan.meetingId) ?? []), plan]);
  const rounds = Math.max(0, ...[...byMeeting.values()].map((list) => list.length));
  const result: SessionPlan[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    let batch: SessionPlan[] = [];
    let size = 0;
    for (const list of byMeeting.values()) {
      const plan = list[round];
      if (!plan) continue;
      const estimate = plan.participants.length * (4 + 2 * samplesPerParticipant) + 4;
      if (batch.length > 0 && size + estimate > maxEventsPerBatch) {
        result.push(batch);
        batch = [];
        size = 0;
      }
      batch.push(plan);
      size += estimate;
    }
    if (batch.length > 0) result.push(batch);
  }
  return result;
}
