/// <reference lib="dom" />
// An end-to-end encrypted meeting through the real portal page on a real Janus (issue 14 section 5):
// the demo tenant's E2EE app is on, so its new meeting is end-to-end encrypted and its room requires
// it. Two Chromiums open the join link with the same key in its fragment and each sees the other's
// video decoded (frames that are not black); a third opens it with another key and is told that
// media cannot be decrypted, and decodes nothing of theirs; a fourth opens the plain link and is
// asked for the full invitation link. No request any page sends (address, headers, body) holds the
// key. Media may only flow on loopback here, so the test runs only inside the network namespace
// run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1), after `pnpm --filter @portal/web build`.
import { eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setTenantPlugin } from '../../src/plugins/plugins.ts';
import { tenants, users } from '../../src/kernel/db/schema.ts';
import { newMeetingsEncrypted } from '../../src/meetings/e2ee.ts';
import { platformMeetingOptions } from '../../src/meetings/options.ts';
import { insertMeeting } from '../../src/meetings/queries.ts';
import { mediaRunnable, portalRoomRigForSuite, remotePlaying, type PortalRoomRig } from './media-rig.ts';

if (!mediaRunnable) console.warn('e2ee-browser.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

const CODE = '55512340001';
const KEY = 'Zb3kQ9vT2mXw8LcN5pRj7yHd4sFa1gUe6iOo0tKqW2E';
const OTHER_KEY = 'Ab3kQ9vT2mXw8LcN5pRj7yHd4sFa1gUe6iOo0tKqW2F';
const undecryptable = 'Some audio or video cannot be decrypted: not everyone here opened the same invitation link.';

/** The acme tenant's E2EE app switched on, then a meeting created as the server creates them (encrypted while the app is on), open before the host. */
async function encryptedMeeting(rig: PortalRoomRig): Promise<boolean> {
  const [tenant] = await rig.database.withPlatform((tx) => tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.sname, 'acme')));
  return rig.database.withTenant(tenant!.id, async (tx) => {
    await setTenantPlugin(tx, tenant!.id, 'e2ee', true, null);
    const [host] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'));
    const encrypted = await newMeetingsEncrypted(tx, tenant!.id);
    await insertMeeting(tx, tenant!.id, {
      code: CODE,
      kind: 'open',
      hostId: host!.id,
      topic: 'Board secrets',
      startsAt: new Date(),
      durationMinutes: 60,
      timeZone: 'Europe/Paris',
      password: null,
      recordMode: null,
      meetingMode: null,
      options: { ...platformMeetingOptions, joinBeforeHost: true, meetingPassword: false },
      endToEndEncrypted: encrypted,
    });
    return encrypted;
  });
}

/** Every request a page makes, as text, to look for the key in. */
function recordRequests(page: Page, sent: string[]): void {
  page.on('request', (request: Request) => {
    sent.push([request.url(), JSON.stringify(request.headers()), request.postData() ?? ''].join('\n'));
  });
}

/** A guest opens `link` in a fresh browser context and joins under `name`. */
async function guestJoins(rig: PortalRoomRig, link: string, name: string, sent: string[]): Promise<Page> {
  const page = await (await rig.browser.newContext()).newPage();
  recordRequests(page, sent);
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your name').press('Enter');
  try {
    await expect.poll(() => page.getByRole('toolbar', { name: 'Meeting controls' }).count(), { timeout: 20_000 }).toBe(1);
  } catch (error) {
    throw new Error(`${String(error)}\n${name}'s page: ${await page.locator('body').innerText().catch(() => '')}`, { cause: error });
  }
  return page;
}

/** How bright the video of `name` is on the page (mean of a frame's pixels, 0 black to 255), or -1 without frames. */
const brightness = (page: Page, name: string) =>
  page.evaluate((display) => {
    const video = [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].find((each) => each.dataset.display === display);
    if (!video || video.videoWidth === 0) return -1;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d')!;
    context.drawImage(video, 0, 0, 64, 36);
    const { data } = context.getImageData(0, 0, 64, 36);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    return sum / (data.length / 4);
  }, name);

describe.skipIf(!mediaRunnable)('an end-to-end encrypted meeting in the browser', () => {
  const suiteRig = portalRoomRigForSuite();

  it('decodes between people with the same key, and never sends the key', async () => {
    const rig = suiteRig();
    expect(await encryptedMeeting(rig)).toBe(true);
    const sent: string[] = [];
    const link = `${rig.origin}/portal/join/${CODE}`;

    const ann = await guestJoins(rig, `${link}#key=${KEY}`, 'Ann Key', sent);
    await ann.getByText('End-to-end encrypted', { exact: true }).waitFor({ timeout: 10_000 });
    const bob = await guestJoins(rig, `${link}#key=${KEY}`, 'Bob Key', sent);
    try {
      await Promise.all([remotePlaying(ann, 'Bob Key'), remotePlaying(bob, 'Ann Key')]);
    } catch (error) {
      const shots = await Promise.all([ann, bob].map((page) => page.locator('body').innerText().catch(() => '')));
      throw new Error(`${String(error)}\nann: ${shots[0]}\nbob: ${shots[1]}`, { cause: error });
    }
    // Decoded pictures, not black frames: the fake camera's picture came through the encryption.
    await expect.poll(() => brightness(ann, 'Bob Key'), { timeout: 10_000 }).toBeGreaterThan(20);
    await expect.poll(() => brightness(bob, 'Ann Key'), { timeout: 10_000 }).toBeGreaterThan(20);

    // Another key: the room lets them in, but nothing of theirs decodes, and the page says why.
    const eve = await guestJoins(rig, `${link}#key=${OTHER_KEY}`, 'Eve Other', sent);
    await eve.getByText(undecryptable).waitFor({ timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await brightness(eve, 'Ann Key')).toBe(-1);
    expect(await brightness(ann, 'Eve Other')).toBe(-1);
    // The two with the same key still see each other.
    expect(await brightness(ann, 'Bob Key')).toBeGreaterThan(20);
    // Once the one with another key leaves, the warning goes a few seconds after the last frame that failed.
    await ann.getByText(undecryptable).waitFor({ timeout: 10_000 });
    await eve.getByRole('button', { name: 'Leave' }).click();
    await ann.getByText(undecryptable).waitFor({ state: 'detached', timeout: 20_000 });

    // The plain link: no key, no form.
    const plain = await (await rig.browser.newContext()).newPage();
    recordRequests(plain, sent);
    await plain.goto(link);
    await plain.getByText('This meeting is end-to-end encrypted. Open the full invitation link to join.').waitFor({ timeout: 20_000 });
    expect(await plain.getByRole('button', { name: 'Join meeting' }).count()).toBe(0);

    expect(sent.length).toBeGreaterThan(10);
    expect(sent.some((request) => request.includes(`/api/v1/join/${CODE}`))).toBe(true);
    for (const request of sent) {
      expect(request).not.toContain(KEY);
      expect(request).not.toContain(OTHER_KEY);
    }
  }, 180_000);
});
