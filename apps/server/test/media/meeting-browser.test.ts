// Host and guest meet in two headless Chromiums on a real Janus, with grants from the portal's
// joinMeeting, and each sees the other's video. Janus's sample event handler posts its events to
// the server's ingest (the way `npm start` runs it), so the server then holds the live session with
// both participants, their codecs, address and media statistics. Media may only flow on loopback here, so the test
// runs only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingParticipants, meetingSessions, mediaNodes } from '../../src/kernel/db/schema.ts';
import { bareRoomRigForSuite, mediaRunnable, roomSeen, scheduleWithGrants } from './media-rig.ts';

if (!mediaRunnable) console.warn('meeting-browser.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc), never on a real network');

describe.skipIf(!mediaRunnable)('a meeting in two browsers', () => {
  const rig = bareRoomRigForSuite();

  it('host and guest each see the other', async () => {
    const { server } = rig();
    const { host, id: meetingId, hostGrant, guestGrant } = await scheduleWithGrants(server, 'Browser meeting');
    const [hostPage, guestPage] = [await rig().enter(hostGrant), await rig().enter(guestGrant)];
    try {
      await Promise.all([roomSeen(hostPage, 'Guest Gail'), roomSeen(guestPage, hostGrant.display)]);
    } catch (error) {
      const logs = await Promise.all([hostPage, guestPage].map((page) => page.evaluate(() => (globalThis as unknown as { room: { log: string[] } }).room.log)));
      throw new Error(`${String(error)}\npage logs: ${JSON.stringify(logs)}`, { cause: error });
    }
    const rooms = await rig().media.listRooms();
    expect(rooms.find((room) => room.roomId === hostGrant.roomId)?.participants).toBe(2);

    // What Janus told the server through the sample event handler and the ingest.
    const live = () =>
      server.database.withTenant(server.ids.tenants.acme, async (tx) => {
        const [session] = await tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId));
        const people = session ? await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, session.id)) : [];
        return { session, people };
      });
    // What is still missing, so a timeout says which report never came.
    const notYetMeasured = async () => {
      const { session, people } = await live();
      if (!session || session.endedAt) return [session ? 'session ended' : 'no session'];
      const missing = people.flatMap((person) =>
        Object.entries({ audioCodec: !person.audioCodec, videoCodec: !person.videoCodec, samples: person.samples === 0, bitrateOut: !((person.bitrateOutKbps ?? 0) > 0) })
          .filter(([, lacking]) => lacking)
          .map(([what]) => `${person.displayName}: ${what}`),
      );
      return people.length === 2 ? missing : [`${people.length} participants`, ...missing];
    };
    await expect.poll(notYetMeasured, { timeout: 20_000, interval: 500 }).toEqual([]);
    const { session, people } = await live();
    expect(session).toMatchObject({ node: 'portal-local-janus', source: 'media', video: true, endedAt: null, participants: 2 });
    const byName = Object.fromEntries(people.map((person) => [person.displayName, person]));
    expect(Object.keys(byName).sort()).toEqual([hostGrant.display, 'Guest Gail'].sort());
    for (const person of people) {
      expect(person).toMatchObject({ audioCodec: 'opus', videoCodec: 'vp8', micOn: true, cameraOn: true, leftAt: null, client: { ip: '127.0.0.1' } });
      expect(person.bitrateInKbps).toBeGreaterThan(0);
      // What Janus sends them: the other's stream, through their subscriber handle.
      expect(person.bitrateOutKbps).toBeGreaterThan(0);
    }
    expect(byName['Guest Gail']!.participantKey).toMatch(/^guest-/);
    // The host shares their screen (the page describes its video stream as the screen), then stops.
    const sharing = async () => (await live()).people.find((person) => person.participantKey === hostGrant.opaqueId.split('participant:')[1])?.screenSharing;
    await hostPage.evaluate(() => (globalThis as unknown as { share: (on: boolean) => void }).share(true));
    await expect.poll(sharing, { timeout: 10_000, interval: 300 }).toBe(true);
    expect((await live()).session!.screenShare).toBe(true);
    await hostPage.evaluate(() => (globalThis as unknown as { share: (on: boolean) => void }).share(false));
    await expect.poll(sharing, { timeout: 10_000, interval: 300 }).toBe(false);

    const [counted] = await server.database.withPlatform((tx) => tx.select().from(mediaNodes).where(eq(mediaNodes.name, 'portal-local-janus')));
    expect(counted!.accepted).toBeGreaterThan(0);
    expect(counted!.refused).toBe(0);

    const ended = await server.request('acme', 'DELETE', `/meetings/${meetingId}/room`, { session: host });
    expect(ended.status).toBe(204);
    const closed = await live();
    expect(closed.session!.endedAt).toBeInstanceOf(Date);
    expect(closed.people.every((person) => person.leftAt !== null)).toBe(true);
  });
});
