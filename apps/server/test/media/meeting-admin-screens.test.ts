/// <reference lib="dom" />
// The administrator's screens of a real meeting, in the built portal, on a real Janus: the
// platform super administrator keeps Live meetings open while the demo administrator hosts their
// personal meeting and a guest joins by link. Without a reload the meeting appears, and its
// participants with their platform and codecs; Meeting state lists both publishers and their
// subscribers; the guest leaves and rates the meeting, the host ends it; the meeting is then in
// Completed meetings with its duration, and the rating is in Feedback. Everything the screens show
// came through the media server's own events (sample event handler → ingest). Media may only flow
// on loopback, so the test runs only inside the network namespace run-in-netns.sh makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostJoins, mediaRunnable, remotePlaying, startPortalRoomRig, superAdminOnLiveMeetings, type PortalRoomRig } from './media-rig.ts';

if (!mediaRunnable) console.warn('meeting-admin-screens.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

const demoPassword = 'Demo-Passw0rd';
// The demo tenant's administrator's personal meeting (src/meetings/demo-meetings.ts).
const meeting = { code: '4155550100', password: '246810', host: 'admin@acme.test' };

/** Rows of a table but its header row. */
const bodyRows = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

describe.skipIf(!mediaRunnable)('the administrator’s screens of a meeting on a real Janus', () => {
  let rig: PortalRoomRig;
  let platform: string;

  beforeAll(async () => {
    rig = await startPortalRoomRig(demoPassword);
    // The platform realm is served at the bare host, the demo tenant at its subdomain.
    platform = rig.origin.replace('acme.portal.localhost', 'localhost');
  }, 120_000);
  afterAll(() => rig?.close());

  it('shows the meeting live, its state, then its completion and its rating', async () => {
    const admin = await superAdminOnLiveMeetings(rig);
    await admin.getByText('Updating live').waitFor({ timeout: 10_000 });
    await admin.getByText('There are no live meetings!').waitFor();

    const { page: host, name: hostName } = await hostJoins(rig, meeting, demoPassword);
    const guest = await (await rig.browser.newContext()).newPage();
    await guest.goto(`${rig.origin}/portal/join/${meeting.code}`);
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill(meeting.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);

    // Live meetings: the same page, never reloaded, now lists the meeting and both people.
    await bodyRows(admin, 'Live meetings').filter({ hasText: meeting.code }).waitFor({ timeout: 15_000 });
    await admin.getByRole('button', { name: `Participants of ${meeting.code}` }).click();
    const people = bodyRows(admin, 'Participants');
    await people.filter({ hasText: 'Guest Gail' }).waitFor({ timeout: 15_000 });
    await people.filter({ hasText: hostName }).waitFor({ timeout: 15_000 });
    // Their client (reported by the room page) and the codecs Janus reported.
    for (const name of ['Guest Gail', hostName]) {
      await expect.poll(() => people.filter({ hasText: name }).innerText(), { timeout: 20_000 }).toMatch(/opus/i);
      await expect.poll(() => people.filter({ hasText: name }).innerText(), { timeout: 20_000 }).toMatch(/web|desktop/i);
    }

    // Meeting state: both publishers, and each one's subscriber, read from the media server.
    const state = await (await rig.browser.newContext({ storageState: await admin.context().storageState() })).newPage();
    await state.goto(`${platform}/portal/meeting-state?meeting=${meeting.code}`);
    await expect.poll(() => bodyRows(state, 'Publishers').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => bodyRows(state, 'Subscribers').count(), { timeout: 20_000 }).toBe(2);
    for (const name of ['Guest Gail', hostName]) await bodyRows(state, 'Publishers').filter({ hasText: name }).waitFor();

    // The guest leaves and rates it; the host ends it.
    await guest.getByRole('button', { name: 'Leave' }).click();
    const dialog = guest.getByRole('dialog', { name: 'How was the meeting?' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('radio', { name: '4 of 5 stars' }).focus();
    await guest.keyboard.press('Space');
    await dialog.getByLabel('Suggestion').fill('Sharp video');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await guest.getByText('Thank you for your feedback!').waitFor({ timeout: 10_000 });
    await host.getByRole('button', { name: 'End meeting' }).click();
    await host.getByRole('dialog', { name: 'How was the meeting?' }).getByRole('button', { name: 'Skip' }).click();

    // Live meetings empties by itself.
    // (Janus's own goodbyes of the closed room come after the portal's close: they must not reopen it.)
    await admin.getByText('There are no live meetings!').waitFor({ timeout: 15_000 });

    // Completed meetings: the run, with its duration (m:ss).
    await admin.goto(`${platform}/portal/completed-meetings`);
    const completed = bodyRows(admin, 'Completed meetings').filter({ hasText: meeting.code }).first();
    await completed.waitFor({ timeout: 20_000 });
    expect(await completed.innerText()).toMatch(/\b\d+:\d{2}\b/);

    // Feedback: the guest's rating of that meeting.
    await admin.goto(`${platform}/portal/feedback?meeting=${meeting.code}`);
    const rated = bodyRows(admin, 'Feedback').filter({ hasText: 'Guest Gail' });
    await rated.waitFor({ timeout: 20_000 });
    expect(await rated.innerText()).toMatch(/Sharp video/);
    expect(await rated.innerText()).toMatch(/\b4\b/);
  }, 240_000);
});
