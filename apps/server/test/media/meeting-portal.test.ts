/// <reference lib="dom" />
// The meeting room through the real portal page: the server serves the built portal
// (apps/portal/dist) with the demo tenant, on a real Janus, and two headless Chromiums open the
// demo personal meeting's join link at the tenant's host. The host signs in as the demo tenant's
// administrator, the guest comes by link with the password; each sees the other's video play. A
// wrong password is refused on the page. The server hears of it all: the page reports its client
// (reportParticipantClient) and Janus's event handler posts to the ingest, so the live session
// holds both participants with their browser, devices and codecs. Media may only flow on loopback here, so the test runs
// only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { describe, expect, it } from 'vitest';
import { DEMO_MEETING, DEMO_PASSWORD, hostJoins, mediaRunnable, remotePlaying, runningSession, portalRoomRigForSuite } from './media-rig.ts';

if (!mediaRunnable) console.warn('meeting-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

describe.skipIf(!mediaRunnable)('a meeting in two browsers through the portal page', () => {
  const suiteRig = portalRoomRigForSuite();

  it('refuses a wrong password, then host and guest each see the other', async () => {
    const rig = suiteRig();
    const { page: host, name: hostName } = await hostJoins(rig, DEMO_MEETING, DEMO_PASSWORD);
    expect(hostName).not.toBe('');

    const guest = await (await rig.browser.newContext()).newPage();
    await guest.goto(`${rig.origin}/portal/join/${DEMO_MEETING.code}`);
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill('000000');
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await guest.getByText('Wrong meeting password.').waitFor({ timeout: 10_000 });
    await guest.getByLabel('Meeting password').fill(DEMO_MEETING.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();

    try {
      await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);
    } catch (error) {
      const shots = await Promise.all([host, guest].map((page) => page.locator('body').innerText().catch(() => '')));
      throw new Error(`${String(error)}\nhost page: ${shots[0]}\nguest page: ${shots[1]}`, { cause: error });
    }

    // What the server holds of the running meeting: both people, with the client their page reported and the codecs Janus told.
    const live = async () => (await runningSession(rig.database, DEMO_MEETING.code)).people;
    const reportedAndMeasured = async () => {
      const people = await live();
      return people.length === 2 && people.every((person) => person.client.browser === 'Chrome' && person.videoCodec === 'vp8' && person.samples > 0);
    };
    try {
      await expect.poll(reportedAndMeasured, { timeout: 20_000, interval: 500 }).toBe(true);
    } catch (error) {
      const rows = (await live()).map(({ displayName, client, audioCodec, videoCodec, samples, leftAt }) => ({ displayName, client, audioCodec, videoCodec, samples, leftAt }));
      throw new Error(`${String(error)}\nparticipants: ${JSON.stringify(rows)}`, { cause: error });
    }
    for (const person of await live()) {
      expect(person.client).toMatchObject({ os: 'Linux', browser: 'Chrome', platform: 'web', ip: '127.0.0.1' });
      expect(person).toMatchObject({ micOn: true, cameraOn: true });
      expect(person.client.camera).toBeTruthy();
      expect(person.client.mic).toBeTruthy();
    }

    // The host turns the camera off: the page says so, Janus's events do not.
    await host.getByRole('button', { name: 'Stop video' }).click();
    const hostCamera = async () => (await live()).find((person) => person.displayName === hostName)?.cameraOn;
    await expect.poll(hostCamera, { timeout: 10_000, interval: 300 }).toBe(false);
    await host.getByRole('button', { name: 'Start video' }).click();
    await expect.poll(hostCamera, { timeout: 10_000, interval: 300 }).toBe(true);

    // The host ends the meeting for everyone.
    await host.getByRole('button', { name: 'End meeting' }).click();
    await guest.getByText('The meeting has ended.').waitFor({ timeout: 20_000 });
  }, 180_000);
});
