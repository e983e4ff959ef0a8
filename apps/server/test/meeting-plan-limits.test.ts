// The tenant's plan limits its meetings (issue 33, part 4), over real HTTP on a real Janus (local,
// 127.0.0.1 only): the super administrator assigns acme a plan of 2 participants, 30-minute
// meetings and one meeting at once. Scheduling a longer meeting is a field error (another tenant,
// without a plan, is unlimited); a second meeting at once is refused and its room never opened on
// the node; the room takes 2 publishers on the node; a third person is refused while two are in
// (the host coming back is not a third); and the running meeting is ended at 30 minutes by the job
// its start queued, after which the other meeting may start. Current plans' usage (getPlanUsage)
// shows the same limits beside what is used. With the plan's 1 GB of recordings full, a recorded
// meeting runs unrecorded on the node, and the tenant's administrators get one mail that day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, meetingRooms, meetingSessions, recordings } from '../src/kernel/db/schema.ts';
import { applyMediaEvents, type MediaEvent } from '../src/live/index.ts';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('meeting-plan-limits.test.ts skipped: the `janus` binary is not installed');

type Meeting = { id: string; meetingId: string };

describe.skipIf(!janusBinary)('plan limits on meetings', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let host: TestSession;
  let first: Meeting;
  let second: Meeting;
  let now = Date.now();
  const clock = () => new Date(now);

  const start = (meeting: Meeting) => server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host });
  const guestJoins = (meeting: Meeting, name: string) => server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name, password: '135790' } });
  const roomOf = async (meeting: Meeting) => (await server.database.withPlatform((tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id))))[0];
  /** What Janus's events would say of someone in the meeting's room. */
  const inRoom = async (meeting: Meeting, participant: string, what: 'participant.joined' | 'participant.left') => {
    const room = await roomOf(meeting);
    const event = { key: `${participant}-${what}-${now}`, node: room!.node, at: Date.now(), meetingId: meeting.id, type: what, participant, ...(what === 'participant.joined' ? { display: participant } : { reason: 'hangup' }) };
    await applyMediaEvents(server.database, 'media', [event as MediaEvent]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-'));
    media = await startLocalJanus({ dir, iceEnforceList: 'lo' });
    server = await startTestServer({ media, clock });
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const platform = (method: string, path: string, body: unknown) => server.request('system', method, path, { session: superadmin, body });
    const product = await platform('POST', '/products', { name: 'Meetings', isBundle: false });
    expect(product.status, product.text).toBe(201);
    const limits = [
      { kind: 'participants', value: 2, unit: 'Number' },
      { kind: 'meeting_duration', value: 30, unit: 'Minutes' },
      { kind: 'concurrent_meetings', value: 1, unit: 'Number' },
      { kind: 'storage_gb', value: 1, unit: 'Number' },
    ];
    const plan = await platform('POST', '/plans', { name: 'Small', productId: product.body.id, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }], limits });
    expect(plan.status, plan.text).toBe(201);
    const assigned = await platform('POST', `/tenants/${server.ids.tenants.acme}/assigned-plans`, { planId: plan.body.id, licenses: 50, billingCycle: 'monthly', currency: 'USD' });
    expect(assigned.status, assigned.text).toBe(201);
    host = await server.login('acme', userEmail('acme', 'member'));
  });

  afterAll(async () => {
    await server?.close(); // stops Janus
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to schedule or lengthen a meeting beyond the plan’s length, and leaves a tenant without a plan alone', async () => {
    const long = await server.request('acme', 'POST', '/meetings', { session: host, body: meetingBody({ durationMinutes: 45 }) });
    expect(long.status, long.text).toBe(400);
    expect(long.body.errors).toEqual([expect.objectContaining({ field: 'durationMinutes', code: 'plan_duration_exceeded' })]);
    first = (await addMeeting(server, 'acme', host, meetingBody({ topic: 'First', durationMinutes: 30 }))) as Meeting;
    second = (await addMeeting(server, 'acme', host, meetingBody({ topic: 'Second', durationMinutes: 20 }))) as Meeting;
    const longer = await server.request('acme', 'PATCH', `/meetings/${first.id}`, { session: host, body: { durationMinutes: 60 } });
    expect(longer.status, longer.text).toBe(400);
    expect(longer.body.errors).toEqual([expect.objectContaining({ field: 'durationMinutes', code: 'plan_duration_exceeded' })]);
    expect((await server.request('acme', 'PATCH', `/meetings/${first.id}`, { session: host, body: { topic: 'First, renamed' } })).status).toBe(200);

    const globexHost = await server.login('globex', userEmail('globex', 'member'));
    const unlimited = await server.request('globex', 'POST', '/meetings', { session: globexHost, body: meetingBody({ durationMinutes: 120 }) });
    expect(unlimited.status, unlimited.text).toBe(201);
  });

  it('runs one meeting at once: the second is refused and never reaches the node', async () => {
    const opened = await start(first);
    expect(opened.status, opened.text).toBe(200);
    const refused = await start(second);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('concurrent_meetings_limit');
    const labels = (await media.listRooms()).map((room) => room.label);
    expect(labels).toContain(`meeting ${first.meetingId}`);
    expect(labels).not.toContain(`meeting ${second.meetingId}`);
    expect(await roomOf(second)).toBeUndefined();
    // Starting the running one again is not a second meeting.
    expect((await start(first)).status).toBe(200);
  });

  it('shows the tenant’s billing administrator the usage against the plan, and another tenant’s its own, unlimited', async () => {
    const billing = await server.login('acme', userEmail('acme', 'accountadmin'));
    const usage = await server.request('acme', 'GET', '/billing/usage', { session: billing });
    expect(usage.status, usage.text).toBe(200);
    server.expectMatchesSpec('getPlanUsage', 200, usage.body);
    expect(usage.body).toMatchObject({
      seats: { used: expect.any(Number), limit: 50 }, // the licences assigned
      storageBytes: { used: 0, limit: 1024 ** 3 },
      concurrentMeetings: { used: 1, limit: 1 },
      participantsPerMeeting: 2,
      meetingDurationMinutes: 30,
    });
    expect(usage.body.seats.used).toBeGreaterThan(0);
    expect((await server.request('acme', 'GET', '/billing/usage', { session: host })).status).toBe(403);
    const globex = await server.login('globex', userEmail('globex', 'accountadmin'));
    const theirs = await server.request('globex', 'GET', '/billing/usage', { session: globex });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toMatchObject({ storageBytes: { limit: null }, concurrentMeetings: { used: 0, limit: null }, participantsPerMeeting: null, meetingDurationMinutes: null });
  });

  it('lets in as many people as the plan allows, on the server and on the node', async () => {
    const room = await roomOf(first);
    expect((await media.listRooms()).find((summary) => summary.roomId === room!.roomId)).toMatchObject({ maxPublishers: 2 });
    const hostId = server.ids.users[userEmail('acme', 'member')]!;
    await inRoom(first, hostId, 'participant.joined');
    const guest = await guestJoins(first, 'Ann Guest');
    expect(guest.status, guest.text).toBe(200);
    server.expectMatchesSpec('joinMeeting', 200, guest.body);
    // The room page warns before the plan's end.
    expect(guest.body.endsAt).toBe(new Date(room!.startedAt.getTime() + 30 * 60_000).toISOString());
    await inRoom(first, 'guest-00000000-0000-4000-8000-0000000000a1', 'participant.joined');

    const third = await guestJoins(first, 'Bob Third');
    expect(third.status, third.text).toBe(409);
    expect(third.body.code).toBe('participant_limit_reached');
    // The host reloading their page is still one of the two.
    expect((await server.request('acme', 'POST', `/join/${first.meetingId}`, { session: host, body: {} })).status).toBe(200);

    await inRoom(first, 'guest-00000000-0000-4000-8000-0000000000a1', 'participant.left');
    expect((await guestJoins(first, 'Bob Third')).status).toBe(200);
  });

  it('ends the running meeting at the plan’s length, on the node too; then the other may start', async () => {
    const room = await roomOf(first);
    now = room!.startedAt.getTime() + 29 * 60_000;
    await server.app.jobs.runDue();
    expect(await roomOf(first)).toBeDefined();

    now = room!.startedAt.getTime() + 30 * 60_000 + 1_000;
    await server.app.jobs.runDue();
    expect(await roomOf(first)).toBeUndefined();
    expect((await media.listRooms()).map((summary) => summary.roomId)).not.toContain(room!.roomId);
    const running = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(and(eq(meetingSessions.meetingId, first.id), isNull(meetingSessions.endedAt))));
    expect(running).toEqual([]);
    expect((await start(second)).status).toBe(200);
  });

  it('runs a recorded meeting unrecorded while the plan’s storage is full, and tells the administrators once a day', async () => {
    expect((await server.request('acme', 'DELETE', `/meetings/${second.id}/room`, { session: host })).status).toBe(204);
    const acme = server.ids.tenants.acme;
    await server.database.withTenant(acme, (tx) =>
      tx.insert(recordings).values({ tenantId: acme, kind: 'cloud', status: 'ready', code: first.meetingId, topic: 'Old all-hands', startedAt: new Date(now - 86_400_000), audioBytes: 1024 ** 3 }),
    );
    const recorded = (await addMeeting(server, 'acme', host, meetingBody({ topic: 'Recorded review', recordMode: 'audio_only' }))) as Meeting;
    expect((await start(recorded)).status).toBe(200);
    const room = await roomOf(recorded);
    expect(room!.recordMode).toBeNull();
    expect((await media.listRooms()).find((summary) => summary.roomId === room!.roomId)).toMatchObject({ record: false });
    await server.app.jobs.runDue();
    const notices = () => server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.template, 'recording_storage_full')));
    expect((await notices()).map((mail) => [mail.toAddress, mail.subject])).toEqual([[userEmail('acme', 'tenantadmin'), 'Recording storage is full: "Recorded review" was not recorded']]);

    // Another recorded meeting the same day: unrecorded too, no second mail.
    expect((await server.request('acme', 'DELETE', `/meetings/${recorded.id}/room`, { session: host })).status).toBe(204);
    expect((await start(recorded)).status).toBe(200);
    expect((await roomOf(recorded))!.recordMode).toBeNull();
    await server.app.jobs.runDue();
    expect(await notices()).toHaveLength(1);
  });
});
