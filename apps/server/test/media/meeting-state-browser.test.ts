// Meeting state and feedback of a meeting in two headless Chromiums on a real Janus: while host and
// guest see each other, meetingState reads from the Admin API both publishers with their audio and
// video flowing and each one's subscriber watching the other; after the meeting ends, the guest
// rates it with the feedback ticket of their grant (the ingest told the server they were in) and
// the platform administrator reads the rating in getFeedback. Media may only flow on loopback:
// run inside run-in-netns.sh (PORTAL_MEDIA_NETNS=1).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingParticipants, meetingSessions } from '../../src/kernel/db/schema.ts';
import { userEmail } from '../harness.ts';
import { bareRoomRigForSuite, mediaRunnable, roomSeen, scheduleWithGrants } from './media-rig.ts';

if (!mediaRunnable) console.warn('meeting-state-browser.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc), never on a real network');

type Row = { streamType: string | null; displayName: string | null; feedDisplayName: string | null; participantId: number | null; feedId: number | null; ready: boolean; audio: { kbps: number } | null; video: { kbps: number } | null; audioCodec: string | null };

describe.skipIf(!mediaRunnable)('meeting state and feedback of a meeting in two browsers', () => {
  const rig = bareRoomRigForSuite();

  it('lists both publishers and their subscribers, then takes and shows the guest’s rating', async () => {
    const { server } = rig();
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const { host, id, code, hostGrant, guestGrant } = await scheduleWithGrants(server, 'State in browsers');

    const [hostPage, guestPage] = [await rig().enter(hostGrant), await rig().enter(guestGrant)];
    await Promise.all([roomSeen(hostPage, 'Guest Gail'), roomSeen(guestPage, hostGrant.display)]);

    // Media flows once every handle is up: the state is read until both subscribers receive.
    const state = async () => (await server.request('acme', 'GET', `/meeting-state/${code}`, { session: admin })).body as { publishers: Row[]; subscribers: Row[]; orphans: Row[]; running: boolean };
    const flowing = async () => {
      const now = await state();
      return now.publishers.length === 2 && now.subscribers.length === 2 && [...now.publishers, ...now.subscribers].every((row) => row.ready && (row.video?.kbps ?? 0) > 0);
    };
    await expect.poll(flowing, { timeout: 20_000, interval: 500 }).toBe(true);
    const now = await state();
    expect(now.orphans).toEqual([]);
    const names = now.publishers.map((row) => row.displayName).sort();
    expect(names).toEqual([hostGrant.display, 'Guest Gail'].sort());
    for (const row of now.publishers) expect(row).toMatchObject({ streamType: 'publisher', audioCodec: 'opus', audio: { direction: 'in' }, video: { direction: 'in' } });
    for (const subscriber of now.subscribers) {
      const watched = now.publishers.find((row) => row.participantId === subscriber.feedId)!;
      expect(watched).toBeDefined();
      // A subscriber is named by its own opaque id: the person watching, never the one watched.
      expect(subscriber).toMatchObject({ streamType: 'subscriber', video: { direction: 'out' }, feedDisplayName: watched.displayName });
      expect(subscriber.displayName).not.toBe(watched.displayName);
    }
    const guestId = now.publishers.find((row) => row.displayName === 'Guest Gail')!.participantId!;
    const narrowed = (await server.request('acme', 'GET', `/meeting-state/${code}?publisher=${guestId}`, { session: admin })).body as { publishers: Row[]; subscribers: Row[] };
    expect(narrowed.publishers.map((row) => row.displayName)).toEqual(['Guest Gail']);
    expect(narrowed.subscribers.map((row) => row.displayName)).toEqual([hostGrant.display]);

    // The ingest has told the server who was in, with their names and addresses, before the meeting ends.
    const known = () =>
      server.database.withTenant(server.ids.tenants.acme, async (tx) => {
        const people = await tx
          .select({ name: meetingParticipants.displayName, client: meetingParticipants.client })
          .from(meetingParticipants)
          .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
          .where(eq(meetingSessions.meetingId, id));
        return people.length === 2 && people.every((person) => person.name !== '' && person.client.ip);
      });
    await expect.poll(known, { timeout: 20_000, interval: 500 }).toBe(true);
    expect((await server.request('acme', 'DELETE', `/meetings/${id}/room`, { session: host })).status).toBe(204);
    expect((await state()).running).toBe(false);

    const rated = await server.request('acme', 'POST', `/join/${code}/feedback`, { body: { ticket: guestGrant.feedbackTicket, rating: 5, videoIssues: [], audioIssues: ['echo'], suggestion: 'Smooth' } });
    expect(rated.status, rated.text).toBe(201);
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const list = await server.request('system', 'GET', `/feedback?meeting=${code}`, { session: superadmin });
    expect(list.body.items).toEqual([expect.objectContaining({ participantName: 'Guest Gail', rating: 5, audioIssues: ['echo'], suggestion: 'Smooth', video: true, participant: expect.objectContaining({ ip: '127.0.0.1' }) })]);
  });
});
