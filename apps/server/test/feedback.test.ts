// Meeting feedback over real HTTP on PGlite: a participant the media events saw rates the meeting
// with the feedback ticket of their join grant (once; a ticket of another meeting, one this server
// did not seal, or a participant never seen are refused; bad ratings and issues are 400); the super
// administrator reads every tenant's ratings with the run's indicators, the participant's details,
// the meeting cards and how quality-flagged runs were rated; nobody else may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackTicketOf } from '../src/meetings/feedback-ticket.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const guest = 'guest-11111111-2222-3333-4444-555555555555';
const now = Date.now();
const at = (s: number) => now - 3_600_000 + s * 1000;

function runOf(meetingId: string, hostId: string, prefix: string, poor = false): MediaEvent[] {
  const stats = Array.from({ length: 6 }, (_, index) => ({
    type: 'media.stats',
    at: at(10 + index * 2),
    participant: guest,
    kind: 'video',
    inKbps: 300,
    outKbps: 300,
    packetLoss: poor ? 12 : 0.2,
    jitterMs: 5,
    rttMs: 40,
  }));
  const specs = [
    { type: 'room.opened', at: at(0) },
    { type: 'participant.joined', at: at(1), participant: hostId, display: 'Ada Host' },
    { type: 'participant.joined', at: at(2), participant: guest, display: 'Guest Bob' },
    { type: 'participant.client', at: at(3), participant: guest, client: { os: 'Linux', browserVersion: '131', ip: '127.0.0.1', network: 'wifi', camera: 'Fake cam', mic: 'Fake mic', speaker: 'Speakers', platform: 'web' } },
    { type: 'stream.published', at: at(4), participant: guest, streams: [{ kind: 'video', codec: 'vp8' }] },
    ...stats,
    { type: 'room.closed', at: at(60) },
  ];
  return specs.map((spec, index) => ({ ...spec, key: `${prefix}-${index}`, node: 'janus-test', meetingId }) as MediaEvent);
}

describe('meeting feedback', () => {
  let server: TestServer;
  let member: TestSession;
  let superadmin: TestSession;
  let acmeAdmin: TestSession;
  let hostId: string;
  let meeting: { id: string; meetingId: string };
  let flaggedMeeting: { id: string; meetingId: string };
  const ticket = (meetingId: string, participant: string) => feedbackTicketOf(server.app.secrets, meetingId, participant);
  const submit = (code: string, body: Record<string, unknown>, tenant = 'acme') => server.request(tenant, 'POST', `/join/${code}/feedback`, { body });

  beforeAll(async () => {
    server = await startTestServer();
    member = await server.login('acme', userEmail('acme', 'member'));
    acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    hostId = server.ids.users[userEmail('acme', 'member')]!;
    meeting = (await addMeeting(server, 'acme', member, meetingBody({ topic: 'Rated sync' }))) as typeof meeting;
    flaggedMeeting = (await addMeeting(server, 'acme', member, meetingBody({ topic: 'Shaky call' }))) as typeof meeting;
    await applyMediaEvents(server.database, 'media', runOf(meeting.id, hostId, 'good'));
    await applyMediaEvents(server.database, 'media', runOf(flaggedMeeting.id, hostId, 'poor', true));
  });
  afterAll(() => server?.close());

  it('stores a rating with its issues and suggestion, once per participant', async () => {
    const body = { ticket: ticket(meeting.id, guest), rating: 4, videoIssues: ['blurry'], audioIssues: ['echo', 'choppy'], suggestion: '  Louder please  ' };
    const res = await submit(meeting.meetingId, body);
    expect(res.status, res.text).toBe(201);
    server.expectMatchesSpec('submitMeetingFeedback', 201, res.body);
    const again = await submit(meeting.meetingId, { ...body, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('feedback_exists');
    // The host, signed in or not, rates with their own ticket.
    expect((await submit(meeting.meetingId, { ticket: ticket(meeting.id, hostId), rating: 5 })).status).toBe(201);
    expect((await submit(flaggedMeeting.meetingId, { ticket: ticket(flaggedMeeting.id, guest), rating: 2, videoIssues: ['frozen', 'no_video'] })).status).toBe(201);
  });

  it('refuses a ticket of another meeting, one it did not seal, and a participant never seen', async () => {
    const other = await submit(meeting.meetingId, { ticket: ticket(flaggedMeeting.id, hostId), rating: 3 });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('not_a_participant');
    expect((await submit(meeting.meetingId, { ticket: 'v1.made.up.ticket', rating: 3 })).status).toBe(403);
    expect((await submit(meeting.meetingId, { ticket: ticket(meeting.id, 'guest-99999999-2222-3333-4444-555555555555'), rating: 3 })).status).toBe(404);
    // Another tenant's host does not know the meeting.
    expect((await submit(meeting.meetingId, { ticket: ticket(meeting.id, guest), rating: 3 }, 'globex')).status).toBe(404);
  });

  it('checks the rating, the issues and the suggestion', async () => {
    const bad = await submit(meeting.meetingId, { ticket: ticket(meeting.id, guest), rating: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'rating', code: 'invalid_rating' })]);
    expect((await submit(meeting.meetingId, { ticket: ticket(meeting.id, guest), rating: 3, audioIssues: ['loud'] })).status).toBe(400);
    expect((await submit(meeting.meetingId, { ticket: ticket(meeting.id, guest), rating: 3, suggestion: 'x'.repeat(2001) })).status).toBe(400);
    expect((await submit('12', { ticket: 'x', rating: 3 })).status).toBe(400);
  });

  it('shows the super administrator every rating with the run, the participant and the flags', async () => {
    const res = await server.request('system', 'GET', '/feedback', { session: superadmin });
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('getFeedback', 200, res.body);
    expect(res.body.items).toHaveLength(3);
    const bob = res.body.items.find((item: { topic: string; participantName: string }) => item.topic === 'Rated sync' && item.participantName === 'Guest Bob');
    expect(bob).toMatchObject({
      tenantName: 'Acme Corporation',
      meetingCode: meeting.meetingId,
      rating: 4,
      suggestion: 'Louder please',
      videoIssues: ['blurry'],
      audioIssues: ['echo', 'choppy'],
      video: true,
      screenShare: false,
      recording: false,
      sessionFlagged: false,
      participant: { version: '131', ip: '127.0.0.1', network: 'wifi', camera: 'Fake cam', mic: 'Fake mic', speaker: 'Speakers', os: 'Linux', platform: 'web', flagged: false },
    });
    const shaky = res.body.items.find((item: { topic: string }) => item.topic === 'Shaky call');
    expect(shaky).toMatchObject({ rating: 2, sessionFlagged: true, participant: { flagged: true } });
    expect(res.body.meetings).toEqual([
      expect.objectContaining({ meetingCode: meeting.meetingId, ratings: 2, averageRating: 4.5, flagged: false }),
      expect.objectContaining({ meetingCode: flaggedMeeting.meetingId, ratings: 1, averageRating: 2, flagged: true }),
    ]);
    expect(res.body.summary).toEqual({ ratings: 3, averageRating: 3.67, flaggedRatings: 1, flaggedAverageRating: 2, unflaggedAverageRating: 4.5 });
  });

  it('searches by name, pages, filters by tenant and date', async () => {
    const bob = await server.request('system', 'GET', '/feedback?q=bob', { session: superadmin });
    expect(bob.body.items).toHaveLength(2);
    const first = await server.request('system', 'GET', '/feedback?limit=2', { session: superadmin });
    expect(first.body.items).toHaveLength(2);
    const rest = await server.request('system', 'GET', `/feedback?limit=2&cursor=${first.body.nextCursor}`, { session: superadmin });
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
    const globex = await server.request('system', 'GET', `/feedback?tenantId=${server.ids.tenants.globex}`, { session: superadmin });
    expect(globex.body).toMatchObject({ items: [], meetings: [], summary: { ratings: 0, averageRating: null } });
    const one = await server.request('system', 'GET', `/feedback?meeting=${flaggedMeeting.meetingId}`, { session: superadmin });
    expect(one.body.items.map((item: { topic: string }) => item.topic)).toEqual(['Shaky call']);
    expect(one.body.summary.ratings).toBe(1);
    const old = await server.request('system', 'GET', '/feedback?from=2020-01-01&to=2020-01-31', { session: superadmin });
    expect(old.body.items).toEqual([]);
  });

  it('refuses a range ending before it starts, an unknown tenant, and anyone but the super administrator', async () => {
    const range = await server.request('system', 'GET', '/feedback?from=2026-11-10&to=2026-11-01', { session: superadmin });
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'end_before_start' })]);
    expect((await server.request('system', 'GET', '/feedback?tenantId=00000000-0000-4000-8000-000000000000', { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', '/feedback', { session: acmeAdmin })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/feedback', { session: member })).status).toBe(403);
  });
});
