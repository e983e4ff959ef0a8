/// <reference lib="dom" />
// Mute on entry through the real portal page on a real Janus: the demo personal meeting mutes
// participants on entry; the host signs in and joins, a guest comes by link. The guest's room says
// they were muted, and the media server forwards none of their audio to the host: Janus's Admin
// API shows audio coming in from the guest's publisher and none going out on the host's subscriber. The guest presses Unmute: the
// page lifts the media server's mute with their join grant (unmuteParticipant) and turns the
// microphone on, and the host's subscriber then carries the guest's audio. Runs only inside the
// network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1), after building the portal.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingRooms, meetings } from '../../src/kernel/db/schema.ts';
import { bothPlaying, DEMO_MEETING, DEMO_PASSWORD, guestJoins, hostJoins, mediaRunnable, portalRoomRigForSuite } from './media-rig.ts';

if (!mediaRunnable) console.warn('mute-on-entry-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

describe.skipIf(!mediaRunnable)('mute on entry in two browsers through the portal page', () => {
  const suiteRig = portalRoomRigForSuite();

  it('a guest muted on entry unmutes themself, and only then does the host receive their audio', async () => {
    const rig = suiteRig();
    const meetingId = await rig.database.withPlatform(async (tx) => {
      const [row] = await tx.select({ id: meetings.id, options: meetings.options }).from(meetings).where(eq(meetings.code, DEMO_MEETING.code));
      await tx.update(meetings).set({ options: { ...row!.options, muteOnEntry: true } }).where(eq(meetings.id, row!.id));
      return row!.id;
    });

    const { page: host, name: hostName } = await hostJoins(rig, DEMO_MEETING, DEMO_PASSWORD);
    const guest = await guestJoins(rig, DEMO_MEETING);
    await bothPlaying({ page: host, name: hostName }, { page: guest, name: 'Guest Gail' });
    await guest.getByText('You were muted when you joined. Unmute yourself when you want to speak.').waitFor({ timeout: 10_000 });

    // The audio Janus sends the host of the guest: its subscriber handle's audio, from the Admin API.
    const handles = async () => {
      const [room] = await rig.database.withPlatform((tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meetingId)));
      return (await rig.app.media.roomState(room!.roomId)).handles;
    };
    const audioToHost = async () => (await handles()).find((handle) => handle.role === 'subscriber' && handle.feedDisplay === 'Guest Gail')?.audio?.kbps ?? 0;
    const audioFromGuest = async () => (await handles()).find((handle) => handle.role === 'publisher' && handle.display === 'Guest Gail')?.audio?.kbps ?? 0;
    // Muted: the guest's page sends its (silent) audio stream, and for a few seconds Janus forwards none of it to the host.
    await expect.poll(audioFromGuest, { timeout: 10_000, interval: 500 }).toBeGreaterThan(0);
    for (let i = 0; i < 4; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await audioToHost()).toBe(0);
    }

    // The media server told the page of that mute too: it stays a mute on entry, not an administrator's.
    expect(await guest.getByTestId('moderation-notice').count()).toBe(0);
    await guest.getByRole('button', { name: 'Unmute' }).click();
    await guest.getByRole('button', { name: 'Mute' }).waitFor({ timeout: 10_000 });
    await expect.poll(audioToHost, { timeout: 20_000, interval: 500 }).toBeGreaterThan(5);
    expect(await guest.getByTestId('entry-mute-notice').count()).toBe(0);
  }, 180_000);
});
