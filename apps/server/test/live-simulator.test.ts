// The built-in traffic simulator and the demo history: a fixed seed on a test clock gives the same
// events every time, however the time is cut; after some simulated minutes meetings run and
// have ended, with participants, their clients and statistics; stopping ends what runs; the
// configuration turns it off (PORTAL_SIMULATOR=false, or PostgreSQL); the history writes the
// completed meetings, participants and feedback it reports.
import { and, asc, eq, gte, inArray, isNull, like, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { mediaEvents, meetingFeedback, meetingParticipants, meetingRooms, meetingSessions } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import { createLiveBus, type LiveChange } from '../src/live/bus.ts';
import { generateHistory } from '../src/live/demo-history.ts';
import { qualityThresholds } from '../src/live/events.ts';
import { audioIssueVocabulary, createRng, planSession, plannedEvents, videoIssueVocabulary, type SimMeeting } from '../src/live/simulated-traffic.ts';
import { startConfiguredSimulator, startSimulator, type SimulatorClock } from '../src/live/simulator.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const t0 = Date.parse('2026-11-20T09:00:00Z');
const minute = 60_000;
const documentationAddress = /^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/;

/** A clock the test moves; the simulator's timer never fires by itself. */
function testClock(start: number): SimulatorClock & { advance: (ms: number) => void } {
  let now = start;
  return { now: () => now, every: () => () => {}, advance: (ms) => (now += ms) };
}

describe('traffic simulator', () => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  const acmeMeetings: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    acme = server.ids.tenants.acme;
    globex = server.ids.tenants.globex;
    const member = await server.login('acme', userEmail('acme', 'member'));
    for (const topic of ['Weekly sync', 'Design review', 'Customer call']) acmeMeetings.push((await addMeeting(server, 'acme', member, meetingBody({ topic }))).id);
    const globexMember = await server.login('globex', userEmail('globex', 'member'));
    await addMeeting(server, 'globex', globexMember, meetingBody({ topic: 'Globex planning' }));
  });
  afterAll(() => server?.close());

  /** Runs a simulator for `minutes` on the test clock, a 2 s tick at a time, and stops it unless asked not to. */
  async function run(start: number, minutes: number, options: { seed: number; runId: string; stop?: boolean; bus?: ReturnType<typeof createLiveBus> }) {
    const clock = testClock(start);
    const simulator = await startSimulator({ database: server.database, clock, seed: options.seed, runId: options.runId, meetingsPerTenant: 2, minutes: [2, 4], bus: options.bus });
    for (let elapsed = 0; elapsed < minutes * minute; elapsed += 2_000) {
      clock.advance(2_000);
      await simulator.tick();
    }
    if (options.stop !== false) await simulator.stop();
    return { simulator, clock };
  }

  const logOf = (runId: string, start: number) =>
    server.database.withPlatform(async (tx) => {
      const rows = await tx.select().from(mediaEvents).where(like(mediaEvents.eventKey, `sim:${runId}:%`)).orderBy(asc(mediaEvents.id));
      return rows.map((row) => ({ key: row.eventKey.split(':')[2], type: row.type, participantKey: row.participantKey, at: row.occurredAt.getTime() - start, data: row.data }));
    });

  it('history: writes the completed meetings, participants and feedback it reports, in the past only', async () => {
    // Before the live runs below: history is for meetings with no later session.
    const now = t0 - 2 * 86_400_000;
    const report = await generateHistory(server.database, { tenantId: acme, days: 30, perDay: 4, seed: 11, now });
    const weekdays = Array.from({ length: 30 }, (_, day) => new Date(now - day * 86_400_000).getUTCDay()).filter((d) => d !== 0 && d !== 6).length;
    expect(report.sessions).toBeGreaterThanOrEqual(Math.floor(weekdays * 4 * 0.9));
    expect(report.sessions).toBeLessThanOrEqual(30 * 4);
    expect(report.ms).toBeLessThan(15_000);
    const { sessions, people, feedback } = await server.database.withTenant(acme, async (tx) => ({
      sessions: await tx.select().from(meetingSessions),
      people: await tx.select().from(meetingParticipants),
      feedback: await tx.select().from(meetingFeedback),
    }));
    expect(sessions).toHaveLength(report.sessions);
    expect(people).toHaveLength(report.participants);
    expect(feedback).toHaveLength(report.feedback);
    expect(sessions.every((s) => s.source === 'simulator' && s.node === 'simulator' && s.endedAt !== null && s.endedAt.getTime() < now && s.startedAt.getTime() >= now - 30 * 86_400_000)).toBe(true);
    expect(new Set(sessions.map((s) => s.meetingId))).toEqual(new Set(acmeMeetings));
    expect(sessions.some((s) => s.flagged)).toBe(true);
    expect(sessions.some((s) => s.recording) && sessions.some((s) => s.screenShare) && sessions.some((s) => s.video)).toBe(true);
    for (const session of sessions) expect(session.participants).toBe(people.filter((p) => p.sessionId === session.id).length);
    expect(people.every((p) => p.leftAt !== null && p.samples > 0 && p.client.os && documentationAddress.test(p.client.ip ?? ''))).toBe(true);
    expect(people.some((p) => p.userId !== null) && people.some((p) => p.participantKey.startsWith('guest-'))).toBe(true);
    const flagged = people.filter((p) => p.flagged);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((p) => ['packet_loss', 'jitter', 'rtt'].includes(p.flagReason ?? ''))).toBe(true);
    expect(feedback.every((f) => f.rating >= 1 && f.rating <= 5 && f.participantId !== null)).toBe(true);
    expect(feedback.flatMap((f) => f.videoIssues).every((issue) => (videoIssueVocabulary as readonly string[]).includes(issue))).toBe(true);
    expect(feedback.flatMap((f) => f.audioIssues).every((issue) => (audioIssueVocabulary as readonly string[]).includes(issue))).toBe(true);
    expect(feedback.some((f) => f.suggestion) && feedback.some((f) => f.videoIssues.length + f.audioIssues.length > 0)).toBe(true);
  });

  it('the same seed gives the same plan and the same events, however the time is cut', () => {
    const meeting: SimMeeting = {
      meetingId: '00000000-0000-4000-8000-000000000001',
      tenantId: '00000000-0000-4000-8000-000000000002',
      hostId: 'host',
      people: ['host', 'a', 'b', 'c', 'd'].map((participant) => ({ participant, display: participant.toUpperCase() })),
    };
    const plan = () => planSession(createRng(99), meeting, { startAt: t0, durationMs: 5 * minute, stats: { everyMs: 2_000 } });
    const whole = plannedEvents(plan(), t0 - 1, t0 + 10 * minute);
    const cut: typeof whole = [];
    for (let from = t0 - 1; from < t0 + 10 * minute; from += 7_000) cut.push(...plannedEvents(plan(), from, from + 7_000));
    expect(cut).toEqual(whole);
    expect(plannedEvents(planSession(createRng(100), meeting, { startAt: t0, durationMs: 5 * minute, stats: { everyMs: 2_000 } }), t0 - 1, t0 + 10 * minute)).not.toEqual(whole);
    expect(whole[0]).toMatchObject({ type: 'room.opened', at: t0 });
    expect(whole.at(-1)).toMatchObject({ type: 'room.closed', at: t0 + 5 * minute });
  });

  it('runs meetings in every tenant with meetings: some live, some ended, with clients, streams and statistics; stop ends them', async () => {
    const changes: LiveChange[] = [];
    const bus = createLiveBus();
    bus.subscribe((change) => changes.push(change));
    const { simulator, clock } = await run(t0, 9, { seed: 42, runId: 'live', stop: false, bus });
    expect(simulator.counts.sessions).toBeGreaterThanOrEqual(4);
    const inRun = and(eq(meetingSessions.source, 'simulator'), gte(meetingSessions.startedAt, new Date(t0)));
    const read = (tenantId: string) =>
      server.database.withTenant(tenantId, async (tx) => {
        const sessions = await tx.select().from(meetingSessions).where(inRun);
        const people = sessions.length === 0 ? [] : await tx.select().from(meetingParticipants).where(inArray(meetingParticipants.sessionId, sessions.map((s) => s.id)));
        return { sessions, people };
      });
    const { sessions, people } = await read(acme);
    const live = sessions.filter((s) => s.endedAt === null);
    expect(live.length).toBeGreaterThanOrEqual(1);
    expect(live.length).toBeLessThanOrEqual(2);
    expect(sessions.some((s) => s.endedAt !== null)).toBe(true);
    expect(sessions.every((s) => s.node === 'simulator' && s.participants >= 1)).toBe(true);
    const here = people.filter((p) => live.some((s) => s.id === p.sessionId) && p.leftAt === null);
    expect(here.length).toBeGreaterThan(0);
    for (const person of people) {
      expect(person.displayName).not.toBe('');
      expect(person.client).toMatchObject({ os: expect.any(String), osVersion: expect.any(String), browserVersion: expect.any(String), camera: expect.any(String), mic: expect.any(String), speaker: expect.any(String) });
      expect(['web', 'desktop', 'mobile']).toContain(person.client.platform);
      expect(['wifi', 'ethernet', 'cellular']).toContain(person.client.network);
      expect(person.client.ip).toMatch(documentationAddress);
      expect(person.audioCodec).toBe('opus');
    }
    // Statistics every 2 s: someone present for a minute has about thirty samples of audio alone.
    const sampled = here.filter((p) => clock.now() - p.joinedAt.getTime() > minute);
    for (const person of sampled) expect(person.samples).toBeGreaterThanOrEqual(28);
    const withVideo = people.filter((p) => p.videoCodec !== null && p.bitrateInKbps !== null && p.bitrateInKbps > 100);
    expect(withVideo.length).toBeGreaterThan(0);
    expect(withVideo.every((p) => p.bitrateInKbps! <= 1_700)).toBe(true);
    // Mostly a good network: low loss, jitter and round-trip time.
    const sampledPeople = people.filter((p) => p.samples > 0);
    const calm = sampledPeople.filter((p) => p.packetLossSum / p.samples < qualityThresholds.packetLoss && p.jitterSum / p.samples < qualityThresholds.jitterMs && p.rttSum / p.samples < qualityThresholds.rttMs);
    expect(calm.length).toBeGreaterThanOrEqual(sampledPeople.length * 0.75);
    expect(here.some((p) => p.micOn) && here.some((p) => p.cameraOn)).toBe(true);
    expect((await read(globex)).sessions.length).toBeGreaterThanOrEqual(1);
    expect(changes.some((change) => change.tenantId === acme) && changes.some((change) => change.tenantId === globex)).toBe(true);
    const keys = await logOf('live', t0);
    expect(keys.length).toBe(simulator.counts.events);
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);

    await simulator.stop();
    const after = await read(acme);
    expect(after.sessions.every((s) => s.endedAt !== null)).toBe(true);
    expect(after.people.every((p) => p.leftAt !== null && !p.cameraOn && !p.micOn && !p.screenSharing)).toBe(true);
    // Feedback comes when a meeting ends by itself, not when the platform stops.
    const answers = await server.database.withPlatform((tx) => tx.select().from(meetingFeedback).where(gte(meetingFeedback.createdAt, new Date(t0))));
    expect(answers).toHaveLength(simulator.counts.feedback);
    expect(answers.every((f) => after.sessions.some((s) => s.id === f.sessionId && s.endedAt!.getTime() < clock.now()) || f.tenantId === globex)).toBe(true);
    await simulator.stop();
  }, 90_000);

  it('a fixed seed on the test clock gives the same run again', async () => {
    const day = 86_400_000;
    const first = await run(t0 + day, 4, { seed: 7, runId: 'again-1' });
    const second = await run(t0 + 2 * day, 4, { seed: 7, runId: 'again-2' });
    const [a, b] = [await logOf('again-1', t0 + day), await logOf('again-2', t0 + 2 * day)];
    expect(a.length).toBeGreaterThan(100);
    // Guests are named by the seed and meetings chosen from the same list: the same run, a day later.
    expect(b).toEqual(a);
    expect(second.simulator.counts).toEqual(first.simulator.counts);
  }, 90_000);

  it('leaves a meeting that runs for real alone, and ends what a killed run left live', async () => {
    const start = t0 + 3 * 86_400_000;
    const real = acmeMeetings[0]!;
    await applyMediaEvents(server.database, 'media', [{ type: 'room.opened', key: 'real-1', node: 'janus-1', meetingId: real, at: start - minute }]);
    const killed = await run(start, 1, { seed: 3, runId: 'killed', stop: false });
    const simulatedOf = (tenantId: string) => server.database.withTenant(tenantId, (tx) => tx.select().from(meetingSessions).where(and(eq(meetingSessions.source, 'simulator'), gte(meetingSessions.startedAt, new Date(start)))));
    const simulated = await simulatedOf(acme);
    expect(simulated.length).toBeGreaterThan(0);
    expect(simulated.some((s) => s.meetingId === real)).toBe(false);
    await applyMediaEvents(server.database, 'media', [{ type: 'room.closed', key: 'real-2', node: 'janus-1', meetingId: real, at: start + 2 * minute }]);
    // Someone opens a simulated meeting for real: the simulated run ends at the next step.
    const [taken] = await simulatedOf(globex);
    expect(taken?.endedAt).toBeNull();
    await server.database.withTenant(globex, (tx) => tx.insert(meetingRooms).values({ meetingId: taken!.meetingId!, tenantId: globex, roomId: 1234, roomSecret: 'sealed', node: 'janus-1' }));
    killed.clock.advance(2_000);
    await killed.simulator.tick();
    const [ended] = (await simulatedOf(globex)).filter((s) => s.id === taken!.id);
    expect(ended?.endedAt?.getTime()).toBe(start + minute + 1);
    await server.database.withTenant(globex, (tx) => tx.delete(meetingRooms).where(eq(meetingRooms.meetingId, taken!.meetingId!)));
    const open = () => server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(and(isNull(meetingSessions.endedAt), eq(meetingSessions.source, 'simulator'))));
    expect((await open()).length).toBeGreaterThan(0);
    // A new run (the process restarted) ends them, at their last event.
    const restarted = await run(start + 10 * minute, 0, { seed: 4, runId: 'restarted' });
    expect(restarted.simulator.counts.events).toBe(0);
    expect(await open()).toEqual([]);
    const closed = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(and(gte(meetingSessions.startedAt, new Date(start)), lt(meetingSessions.startedAt, new Date(start + minute)))));
    expect(closed.every((s) => s.endedAt!.getTime() <= start + 2 * minute)).toBe(true);
  });

  it('stops a simulated run an administrator ended, rather than opening the meeting again', async () => {
    const start = t0 + 5 * 86_400_000;
    const { simulator, clock } = await run(start, 2, { seed: 11, runId: 'ended-by-admin', stop: false });
    const [live] = await server.database.withPlatform((tx) =>
      tx.select().from(meetingSessions).where(and(eq(meetingSessions.source, 'simulator'), isNull(meetingSessions.endedAt), gte(meetingSessions.startedAt, new Date(start)))),
    );
    expect(live).toBeDefined();
    // What endLiveMeeting does to a simulated run (meetings/live-moderation.ts).
    const endedAt = clock.now();
    await applyMediaEvents(server.database, 'simulator', [{ type: 'room.closed', key: 'admin-end', node: 'simulator', meetingId: live!.meetingId!, at: endedAt }]);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(2_000);
      await simulator.tick();
    }
    // Its plan stopped at the next step: no statistics or joins of it after that, and no new run
    // (the meeting rests, rather than another slot picking it at once).
    const later = (await logOf('ended-by-admin', start)).filter((event) => event.at > endedAt - start + 2_000);
    const ofMeeting = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, live!.meetingId!)));
    const sessionIds = new Set(ofMeeting.map((session) => session.id));
    const rows = await server.database.withPlatform((tx) => tx.select().from(mediaEvents).where(like(mediaEvents.eventKey, 'sim:ended-by-admin:%')));
    const laterKeys = new Set(later.map((event) => event.key));
    expect(rows.filter((row) => laterKeys.has(row.eventKey.split(':')[2]) && row.sessionId !== null && sessionIds.has(row.sessionId))).toEqual([]);
    expect(ofMeeting.filter((session) => session.startedAt.getTime() > endedAt)).toEqual([]);
    await simulator.stop();
  });

  it('is on by default on the embedded database, off with PORTAL_SIMULATOR=false or on PostgreSQL', async () => {
    expect(loadConfig({}).simulator).toBe(true);
    expect(loadConfig({ PORTAL_SIMULATOR: 'false' }).simulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/portal' }).simulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/portal', PORTAL_SIMULATOR: 'true' }).simulator).toBe(true);
    expect(() => loadConfig({ PORTAL_SIMULATOR: 'maybe' })).toThrow(/PORTAL_SIMULATOR must be true or false/);
    const before = await server.database.withPlatform((tx) => tx.select({ id: mediaEvents.id }).from(mediaEvents));
    expect(await startConfiguredSimulator(loadConfig({ PORTAL_SIMULATOR: 'false' }), { database: server.database })).toBeNull();
    expect(await server.database.withPlatform((tx) => tx.select({ id: mediaEvents.id }).from(mediaEvents))).toHaveLength(before.length);
  });
});
