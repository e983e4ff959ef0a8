/// <reference lib="dom" />
// A participant who reloads the room, or whose tab dies and who comes back, is one tile on the
// others' pages, not two: the page drops a feed when the media node says it left or its handle hung
// up, and the server kicks the earlier publisher of a participant who joins again (issue 32, point 5:
// the host's page kept a tile with no picture and counted 3 for over 100 s). Runs inside
// run-in-netns.sh (PORTAL_MEDIA_NETNS=1), as the other browser meeting tests.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_MEETING, DEMO_PASSWORD, bothPlaying, guestJoins, hostJoins, mediaRunnable, portalRoomRigForSuite } from './media-rig.ts';

if (!mediaRunnable) console.warn('rejoin-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

/** The remote tiles a page shows, by the name on them. */
const tiles = (page: Page) => page.locator('video[data-testid="remote-video"]').evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).dataset.display ?? ''));

/** The streams behind the remote tiles: a participant who joined again is a new stream under the same name. */
const tileStreams = (page: Page) => page.locator('video[data-testid="remote-video"]').evaluateAll((videos) => videos.map((video) => ((video as HTMLVideoElement).srcObject as MediaStream | null)?.id ?? ''));

/** What the host sees once the returning participant's new feed is up: one tile, not an earlier one, and the count. */
const hostView = async (page: Page, earlier: readonly string[]) => {
  const streams = await tileStreams(page);
  return { tiles: await tiles(page), fresh: streams.every((id) => id !== '' && !earlier.includes(id)), count: await page.getByText('2 in the meeting').count() };
};

describe.skipIf(!mediaRunnable)('a participant who comes back', () => {
  const suiteRig = portalRoomRigForSuite();

  it('is one tile on the host’s page after a reload, and after their tab died', async () => {
    const rig = suiteRig();
    const host = await hostJoins(rig, DEMO_MEETING, DEMO_PASSWORD);
    const guest = { page: await guestJoins(rig, DEMO_MEETING), name: 'Guest Gail' };
    await bothPlaying(host, guest);
    const firstStreams = await tileStreams(host.page);

    // A reload: the page asks for a new grant and joins again as the same guest.
    await guest.page.reload();
    await guest.page.getByLabel('Your name').fill(guest.name);
    await guest.page.getByLabel('Meeting password').fill(DEMO_MEETING.password);
    await guest.page.getByRole('button', { name: 'Join meeting' }).click();
    await bothPlaying(host, guest);
    // The host's page may still play the earlier tile for a moment (its last frame stays "playing"),
    // so wait for the new stream: then the earlier one must be gone and the count say 2.
    await expect.poll(() => hostView(host.page, firstStreams), { timeout: 15_000, interval: 500 }).toEqual({ tiles: [guest.name], fresh: true, count: 1 });
    const reloadedStreams = await tileStreams(host.page);

    // The tab dies (its renderer crashes: no unload, no leave, no DTLS alert), and the guest comes
    // back in a new tab. Nothing tells the node at once: it drops the dead session when that stops
    // polling (Janus's session_timeout, 60 s), and then the host's page drops its tile too.
    const cdp = await guest.page.context().newCDPSession(guest.page);
    const crash = new Promise((resolve) => guest.page.once('crash', resolve));
    void cdp.send('Page.crash').catch(() => undefined); // answers never: the page it would answer from is gone
    await crash;
    const back = { page: await guestJoins(rig, DEMO_MEETING), name: guest.name };
    await bothPlaying(host, back);
    const crashed = Date.now();
    await expect.poll(() => hostView(host.page, reloadedStreams), { timeout: 120_000, interval: 1_000 }).toEqual({ tiles: [guest.name], fresh: true, count: 1 });
    console.log(`the dead tab's tile went after ${Math.round((Date.now() - crashed) / 1000)} s`);
  }, 300_000);
});
