// Completed meetings over real HTTP: ended sessions with their duration, host and average rating,
// their participants' telemetry summary and the CSV export; scoped per tenant like the live list,
// every tenant for the platform super administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingFeedback } from '../src/kernel/db/schema.ts';
import { apply, guestKey, newMeeting, openingOf, sessionsOf, startLiveServer, type LiveSetup } from './live-fixtures.ts';
import type { TestSession } from './harness.ts';

let setup: LiveSetup;
let acmeMeeting: { id: string; code: string };
let globexMeeting: { id: string; code: string };
let acmeSession: string;
let globexSession: string;
let runningSession: string;
const startedAt = Date.now() - 3 * 60 * 60_000;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  setup = await startLiveServer();
  const acme = setup.server.ids.tenants.acme;
  acmeMeeting = await newMeeting(setup, 'acme', 'Acme retro');
  globexMeeting = await newMeeting(setup, 'globex', 'Globex planning');
  await apply(setup, acmeMeeting.id, [
    ...openingOf(setup.acmeHost, startedAt),
    { type: 'recording.started', at: startedAt + 10_000 },
    { type: 'participant.left', at: startedAt + 600_000, participant: guestKey },
    { type: 'room.closed', at: startedAt + 45 * 60_000 },
  ] as never);
  await apply(setup, globexMeeting.id, [...openingOf(setup.globexHost, startedAt + 60_000), { type: 'room.closed', at: startedAt + 30 * 60_000 }] as never);
  const running = await newMeeting(setup, 'acme', 'Still running');
  await apply(setup, running.id, openingOf(setup.acmeHost, startedAt));
  acmeSession = (await sessionsOf(setup, acme, acmeMeeting.id))[0]!;
  globexSession = (await sessionsOf(setup, setup.server.ids.tenants.globex, globexMeeting.id))[0]!;
  runningSession = (await sessionsOf(setup, acme, running.id))[0]!;
  await setup.server.database.withTenant(acme, (tx) =>
    tx.insert(meetingFeedback).values([
      { tenantId: acme, sessionId: acmeSession, displayName: 'Ada Host', rating: 4 },
      { tenantId: acme, sessionId: acmeSession, displayName: 'Guest Bob', rating: 5, audioIssues: ['echo'] },
    ]),
  );
});

afterAll(async () => {
  await setup?.server.close();
});

const get = (tenant: string, path: string, session: TestSession) => setup.server.request(tenant, 'GET', path, { session });

describe('completedMeetings', () => {
  it('lists the tenant’s ended meetings with duration, node, host and average rating', async () => {
    const res = await get('acme', '/completed-meetings', setup.acmeAdmin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: acmeSession,
        meetingId: acmeMeeting.code,
        topic: 'Acme retro',
        tenantId: setup.server.ids.tenants.acme,
        tenantName: 'Acme Corporation',
        participants: 2,
        startTime: new Date(startedAt).toISOString(),
        endTime: new Date(startedAt + 45 * 60_000).toISOString(),
        durationSeconds: 45 * 60,
        node: 'janus-1',
        video: true,
        screenShare: true,
        phoneBridge: false,
        recording: true,
        hostEmail: 'member@acme.test',
        hostName: 'Member Acme',
        flagged: false,
        rating: 4.5,
        ratings: 2,
      },
    ]);
  });

  it('shows every tenant to the platform super administrator, and searches host and tenant', async () => {
    const res = await get('system', '/completed-meetings', setup.superadmin);
    expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([globexSession, acmeSession]);
    expect(res.body.items[0]).toMatchObject({ tenantName: 'Globex Corporation', rating: null, ratings: 0 });
    expect((await get('system', '/completed-meetings?q=globex', setup.superadmin)).body.items).toHaveLength(1);
    expect((await get('acme', '/completed-meetings?q=member%40acme', setup.acmeAdmin)).body.items).toHaveLength(1);
    expect((await get('acme', '/completed-meetings?q=Member%20Acme', setup.acmeAdmin)).body.items).toHaveLength(1);
    const paged = await get('system', '/completed-meetings?limit=1', setup.superadmin);
    const next = await get('system', `/completed-meetings?limit=1&cursor=${encodeURIComponent(paged.body.nextCursor)}`, setup.superadmin);
    expect(next.body.items.map((m: { id: string }) => m.id)).toEqual([acmeSession]);
  });

  it('filters by company (the super administrator’s tenants) and the host’s first and last name', async () => {
    const ids = async (tenant: string, query: string, session: TestSession) => (await get(tenant, `/completed-meetings?${query}`, session)).body.items.map((m: { id: string }) => m.id);
    expect(await ids('system', 'company=globex', setup.superadmin)).toEqual([globexSession]);
    expect(await ids('system', 'firstName=memb&lastName=ACME', setup.superadmin)).toEqual([acmeSession]);
    expect(await ids('system', 'lastName=nobody', setup.superadmin)).toEqual([]);
    // A tenant's own list is that tenant's whatever the company asked.
    expect(await ids('acme', 'company=globex', setup.acmeAdmin)).toEqual([acmeSession]);
    const csv = await get('system', '/completed-meetings/export?lastName=globex', setup.superadmin);
    expect(csv.text).toContain(globexMeeting.code);
    expect(csv.text).not.toContain(acmeMeeting.code);
  });

  it('keeps to the chosen days', async () => {
    expect((await get('acme', `/completed-meetings?from=${today}&to=${today}`, setup.acmeAdmin)).body.items.length).toBeLessThanOrEqual(1);
    expect((await get('acme', '/completed-meetings?from=2020-01-01&to=2020-01-31', setup.acmeAdmin)).body.items).toEqual([]);
  });

  it('refuses a member (403) and bad input (400)', async () => {
    expect((await get('acme', '/completed-meetings', setup.acmeMember)).status).toBe(403);
    const range = await get('acme', '/completed-meetings?from=2026-11-20&to=2026-11-01', setup.acmeAdmin);
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'end_before_start' })]);
    const long = await get('acme', '/completed-meetings?from=2024-01-01&to=2026-01-01', setup.acmeAdmin);
    expect(long.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'window_too_long' })]);
    expect((await get('acme', '/completed-meetings?cursor=x', setup.acmeAdmin)).status).toBe(400);
  });
});

describe('completedMeetingParticipants', () => {
  it('gives everybody who took part with their telemetry summary', async () => {
    const res = await get('acme', `/completed-meetings/${acmeSession}/participants`, setup.acmeAdmin);
    expect(res.status, res.text).toBe(200);
    const [host, guest] = res.body.items;
    expect(host).toMatchObject({
      displayName: 'Ada Host',
      email: 'member@acme.test',
      joinedAt: new Date(startedAt + 1000).toISOString(),
      leftAt: new Date(startedAt + 45 * 60_000).toISOString(),
      durationSeconds: 45 * 60 - 1,
      client: { os: 'Linux', platform: 'web' },
      audioCodec: 'opus',
      videoCodec: 'vp8',
      samples: 2,
      avgPacketLoss: 2,
      avgJitterMs: 6,
      avgRttMs: 30,
      flagged: false,
      flagReason: null,
    });
    expect(guest).toMatchObject({ displayName: 'Guest Bob', email: null, durationSeconds: 596, samples: 0, avgPacketLoss: null });
  });

  it('answers 404 for another tenant’s session and a running one; the super administrator reads any tenant’s', async () => {
    expect((await get('acme', `/completed-meetings/${globexSession}/participants`, setup.acmeAdmin)).status).toBe(404);
    expect((await get('acme', `/completed-meetings/${runningSession}/participants`, setup.acmeAdmin)).status).toBe(404);
    expect((await get('system', `/completed-meetings/${globexSession}/participants`, setup.superadmin)).status).toBe(200);
  });

  it('refuses a member (403) and a malformed id (400)', async () => {
    expect((await get('acme', `/completed-meetings/${acmeSession}/participants`, setup.acmeMember)).status).toBe(403);
    expect((await get('acme', '/completed-meetings/123/participants', setup.acmeAdmin)).status).toBe(400);
  });
});

describe('exportCompletedMeetings', () => {
  it('answers the filtered list as CSV', async () => {
    const res = await get('acme', '/completed-meetings/export', setup.acmeAdmin);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('completed-meetings.csv');
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Meeting ID,Topic,Tenant Name,Participants,Start Time,End Time,Duration (s),Node,Video,Screen Share,Phone Bridge,Recording,Email,Name,Flagged,Rating');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${acmeMeeting.code},Acme retro,Acme Corporation,2,`);
    expect(lines[1]).toMatch(/,member@acme\.test,Member Acme,no,4\.5$/);
  });

  it('refuses a member (403) and a bad range (400)', async () => {
    expect((await get('acme', '/completed-meetings/export', setup.acmeMember)).status).toBe(403);
    expect((await get('acme', '/completed-meetings/export?from=2026-11-20&to=2026-11-01', setup.acmeAdmin)).status).toBe(400);
  });
});
