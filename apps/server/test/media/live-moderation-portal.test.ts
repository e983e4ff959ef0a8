/// <reference lib="dom" />
// Moderation from Live meetings in the built portal, on a real Janus (issue 33 section 1): the demo
// administrator hosts their personal meeting and a guest joins by link; the platform super
// administrator, on Live meetings, mutes the guest: their page says an administrator muted them and
// the node forwards none of their audio to the host (the host's subscriber of the guest, from the
// Admin API) until the guest unmutes themself. Then the super administrator removes the guest and
// bars them: the guest's page says an administrator removed them, and the node forwards nothing of
// theirs to the host any more (its subscriber of the guest is gone). Last, the super administrator
// ends the meeting: the host's page says it ended and the room is gone on the node. Media may only
// flow on loopback, so the test runs only inside the network namespace run-in-netns.sh makes
// (PORTAL_MEDIA_NETNS=1), after building the portal.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingRooms, meetings } from '../../src/kernel/db/schema.ts';
import { bothPlaying, DEMO_MEETING, DEMO_PASSWORD, guestJoins, hostJoins, mediaRunnable, portalRoomRigForSuite, superAdminOnLiveMeetings } from './media-rig.ts';

if (!mediaRunnable) console.warn('live-moderation-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');


describe.skipIf(!mediaRunnable)('moderation from Live meetings through the portal, on a real Janus', () => {
  const suiteRig = portalRoomRigForSuite();

  it('mutes a guest until they unmute, removes and bars them, whose media then reaches nobody, and ends the meeting for everyone', async () => {
    const rig = suiteRig();
    const admin = await superAdminOnLiveMeetings(rig);

    const { page: host, name: hostName } = await hostJoins(rig, DEMO_MEETING, DEMO_PASSWORD);
    const guest = await guestJoins(rig, DEMO_MEETING);
    await bothPlaying({ page: host, name: hostName }, { page: guest, name: 'Guest Gail' });

    const handles = async () => {
      const [meeting] = await rig.database.withPlatform((tx) => tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.code, DEMO_MEETING.code)));
      const [room] = await rig.database.withPlatform((tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting!.id)));
      return room ? (await rig.app.media.roomState(room.roomId)).handles : [];
    };
    const audioToHost = async () => (await handles()).find((handle) => handle.role === 'subscriber' && handle.feedDisplay === 'Guest Gail')?.audio?.kbps ?? 0;
    const videoToHost = async () => (await handles()).find((handle) => handle.role === 'subscriber' && handle.feedDisplay === 'Guest Gail')?.video?.kbps ?? 0;
    await expect.poll(videoToHost, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);

    const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row');
    await rows(admin, 'Live meetings').filter({ hasText: DEMO_MEETING.code }).waitFor({ timeout: 15_000 });
    await admin.getByRole('button', { name: `Participants of ${DEMO_MEETING.code}` }).click();
    await rows(admin, 'Participants').filter({ hasText: 'Guest Gail' }).waitFor({ timeout: 15_000 });

    // Mute the guest: their page says who did, and the node forwards none of their audio to the host.
    await expect.poll(audioToHost, { timeout: 20_000, interval: 500 }).toBeGreaterThan(5);
    await admin.getByRole('button', { name: 'Mute Guest Gail' }).click({ timeout: 20_000 });
    await admin.getByText('Guest Gail was muted').waitFor({ timeout: 10_000 });
    await guest.getByText('An administrator muted you. Unmute yourself when you want to speak.').waitFor({ timeout: 10_000 });
    await expect.poll(audioToHost, { timeout: 10_000, interval: 500 }).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await audioToHost()).toBe(0);
    }
    await guest.getByRole('button', { name: 'Unmute' }).click();
    await guest.getByRole('button', { name: 'Mute' }).waitFor({ timeout: 10_000 });
    await expect.poll(audioToHost, { timeout: 20_000, interval: 500 }).toBeGreaterThan(5);

    // Remove the guest from Live meetings, barred from coming back.
    await admin.getByRole('button', { name: 'Remove Guest Gail from the meeting' }).click();
    const removal = admin.getByRole('dialog', { name: 'Remove participant' });
    await removal.getByRole('checkbox', { name: 'Do not let them join again while this meeting runs' }).check();
    await removal.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('Guest Gail was removed from the meeting').waitFor({ timeout: 10_000 });

    await guest.getByText('An administrator removed you from the meeting.').waitFor({ timeout: 15_000 });
    // Nothing of the guest reaches the host: the node no longer has a subscriber of their feed.
    await expect.poll(async () => (await handles()).filter((handle) => handle.feedDisplay === 'Guest Gail' || handle.display === 'Guest Gail').length, { timeout: 20_000, interval: 500 }).toBe(0);
    await host.waitForFunction(() => ![...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].some((video) => video.dataset.display === 'Guest Gail'), undefined, { timeout: 20_000 });
    await rows(admin, 'Participants').filter({ hasText: 'Guest Gail' }).waitFor({ state: 'detached', timeout: 15_000 });

    // End the meeting for everyone, from the meeting's row.
    await admin.getByRole('button', { name: `End meeting ${DEMO_MEETING.code} for everyone` }).click();
    await admin.getByRole('dialog', { name: 'End meeting' }).getByRole('button', { name: 'End for everyone' }).click();
    await host.getByText('The meeting has ended.').waitFor({ timeout: 15_000 });
    await admin.getByText('There are no live meetings!').waitFor({ timeout: 15_000 });
    expect(await handles()).toEqual([]);
  }, 240_000);
});
