/// <reference lib="dom" />
// Rating a meeting at its end through the real portal page: the server serves the built portal
// (apps/portal/dist) with the demo tenant, on a real Janus; the demo administrator hosts their
// personal meeting and a guest joins by link. The guest leaves and the room page asks how the
// meeting was: four stars, echo, a suggestion, sent with the ticket of the guest's join grant; the
// host ends the meeting and skips. The rating is stored for the guest's participant row of that
// run, and the super administrator's getFeedback shows it. Media may only flow on loopback here,
// so the test runs only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingFeedback } from '../../src/kernel/db/schema.ts';
import { DEMO_MEETING, DEMO_PASSWORD, hostJoins, mediaRunnable, remotePlaying, runningSession, portalRoomRigForSuite } from './media-rig.ts';

if (!mediaRunnable) console.warn('meeting-feedback-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

describe.skipIf(!mediaRunnable)('rating a meeting at its end through the portal page', () => {
  const suiteRig = portalRoomRigForSuite();

  it('the guest rates the meeting on leaving, the host skips, and the rating is stored for that run', async () => {
    const rig = suiteRig();
    const { page: host, name: hostName } = await hostJoins(rig, DEMO_MEETING, DEMO_PASSWORD);

    const guest = await (await rig.browser.newContext()).newPage();
    await guest.goto(`${rig.origin}/portal/join/${DEMO_MEETING.code}`);
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill(DEMO_MEETING.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);

    // The ingest has told the server both are in before anyone leaves.
    const session = () => runningSession(rig.database, DEMO_MEETING.code);
    await expect.poll(async () => (await session()).people.filter((person) => person.displayName !== '').length, { timeout: 20_000, interval: 500 }).toBe(2);
    const { running } = await session();

    await guest.getByRole('button', { name: 'Leave' }).click();
    const dialog = guest.getByRole('dialog', { name: 'How was the meeting?' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('radio', { name: '4 of 5 stars' }).focus();
    await guest.keyboard.press('Space');
    await dialog.getByRole('checkbox', { name: 'Echo' }).check();
    await dialog.getByLabel('Suggestion').fill('Clear picture');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await guest.getByText('Thank you for your feedback!').waitFor({ timeout: 10_000 });
    await expect.poll(() => dialog.count()).toBe(0);

    // Once in 10 runs (stop 27's CI) the host's End meeting button was gone after the guest left: say what the page and the run showed then.
    await host
      .getByRole('button', { name: 'End meeting' })
      .click()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe host's page: ${await host.locator('body').innerText()}\nThe run: ${JSON.stringify(await session())}`);
      });
    const hostDialog = host.getByRole('dialog', { name: 'How was the meeting?' });
    await hostDialog.waitFor({ timeout: 20_000 });
    await hostDialog.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => hostDialog.count()).toBe(0);

    const stored = await rig.database.withPlatform((tx) =>
      tx
        .select({ rating: meetingFeedback.rating, audioIssues: meetingFeedback.audioIssues, suggestion: meetingFeedback.suggestion, name: meetingFeedback.displayName, sessionId: meetingFeedback.sessionId })
        .from(meetingFeedback)
        .where(eq(meetingFeedback.sessionId, running!.id)),
    );
    expect(stored).toEqual([{ rating: 4, audioIssues: ['echo'], suggestion: 'Clear picture', name: 'Guest Gail', sessionId: running!.id }]);
  }, 180_000);
});
