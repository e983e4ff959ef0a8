// A recorded meeting of two headless Chromiums on a real Janus ends; its recording is converted by
// the job queue with the real janus-pp-rec, and lists in getRecordings (Cloud recordings) ready,
// with a size; the stored video is a valid WebM (EBML header) that Chromium plays with a duration,
// with both publishers' audio mixed in as its sound and both pictures in a gallery when ffmpeg is
// installed (CI installs it).
// Then the same through the built portal: the demo administrator hosts a recorded meeting, a guest
// joins, the host ends it, and once converted the recording is in the Cloud recordings screen with
// its size. Runs only inside run-in-netns.sh (the portal part after `pnpm --filter @portal/web build`). With PORTAL_CAPTURE_RECORDING=<dir> it also copies the host's
// raw .mjr pair there (how src/recordings/demo-recording was made, then cut to 3.5 s to stay small).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetings, recordings } from '../../src/kernel/db/schema.ts';
import { platformMeetingOptions } from '../../src/meetings/options.ts';
import { userEmail } from '../harness.ts';
import { bareRoomRigForSuite, DEMO_MEETING, DEMO_PASSWORD, hostJoins, mediaRunnable, portalRoomRigForSuite, remotePlaying, roomSeen } from './media-rig.ts';

if (!mediaRunnable) console.warn('recording-browser.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc), never on a real network');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!mediaRunnable)('a recorded meeting in two browsers', () => {
  const rig = bareRoomRigForSuite();

  it('ends, is converted by the job queue and lists as a ready cloud recording with a playable WebM', async () => {
    const { server, media } = rig();
    const host = await server.login('acme', userEmail('acme', 'member'));
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: {
        kind: 'scheduled',
        topic: 'Recorded browser meeting',
        start: new Date(Date.now() + 86_400_000).toISOString(),
        durationMinutes: 30,
        timeZone: 'Europe/Paris',
        password: '135790',
        recordMode: 'audio_and_video',
        options: platformMeetingOptions,
      },
    });
    expect(created.status, created.text).toBe(201);
    const { id: meetingId, meetingId: code } = created.body as { id: string; meetingId: string };
    const hostGrant = await server.request('acme', 'POST', `/join/${code}`, { session: host, body: {} });
    expect(hostGrant.status, hostGrant.text).toBe(200);
    const guestGrant = await server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Guest Gail', password: '135790' } });
    expect(guestGrant.status, guestGrant.text).toBe(200);
    const rawDir = media.recordingsDir?.(hostGrant.body.roomId as number);
    expect(rawDir).toBeTruthy();

    const [hostPage, guestPage] = [await rig().enter(hostGrant.body), await rig().enter(guestGrant.body)];
    await Promise.all([roomSeen(hostPage, 'Guest Gail'), roomSeen(guestPage, hostGrant.body.display as string)]);
    // A few seconds of both publishing.
    await sleep(4_000);
    const ended = await server.request('acme', 'DELETE', `/meetings/${meetingId}/room`, { session: host });
    expect(ended.status, ended.text).toBe(204);
    await Promise.all([hostPage.context().close(), guestPage.context().close()]);

    const mjr = () => readdirSync(rawDir!).filter((name) => name.endsWith('.mjr'));
    await expect.poll(() => mjr().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const capture = process.env.PORTAL_CAPTURE_RECORDING;
    if (capture) {
      mkdirSync(capture, { recursive: true });
      // The largest video file's publisher, with their audio: the pair the conversion keeps.
      const files = mjr().map((name) => ({ name, bytes: statSync(join(rawDir!, name)).size }));
      const video = files.filter((file) => file.name.includes('-video-')).sort((a, b) => b.bytes - a.bytes)[0]!;
      const publisher = /-user-(\d+)-/.exec(video.name)![1];
      for (const file of files.filter((entry) => entry.name.includes(`-user-${publisher}-`))) copyFileSync(join(rawDir!, file.name), join(capture, file.name));
    }

    const admin = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const listed = async () => {
      await server.app.jobs.runDue();
      const res = await server.request('acme', 'GET', `/recordings?q=${code}`, { session: admin });
      expect(res.status, res.text).toBe(200);
      return res.body.items as { status: string; fileSize: number | null; video: boolean; audio: boolean; id: string; durationSeconds: number | null; failure: string | null }[];
    };
    await expect.poll(async () => (await listed())[0]?.status, { timeout: 30_000, interval: 1_000 }).toBe('ready');
    const [item] = await listed();
    expect(item).toMatchObject({ status: 'ready', audio: true, video: true, failure: null });
    expect(item!.fileSize).toBeGreaterThan(10_000);
    // The raw files are gone once converted.
    expect(() => readdirSync(rawDir!)).toThrow();

    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(recordings).where(eq(recordings.id, item!.id)));
    const video = await server.app.files.get(row!.videoKey!);
    expect([...video!.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const probed = mkdtempSync(join(tmpdir(), 'portal-recording-probe-'));
    try {
      writeFileSync(join(probed, 'video.webm'), video!);
      const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', join(probed, 'video.webm')], { encoding: 'utf8' });
      // Two publishers sent audio: the video carries their mix.
      expect(streams.split('\n').map((line) => line.trim()).filter(Boolean)).toEqual(['video', 'audio']);
    } finally {
      rmSync(probed, { recursive: true, force: true });
    }
    // Chromium loads it and knows its length.
    const page = await (await rig().browser.newContext()).newPage();
    await page.goto('about:blank');
    const duration = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const element = document.createElement('video');
      element.muted = true;
      element.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      await new Promise((resolve, reject) => {
        element.onloadedmetadata = resolve;
        element.onerror = () => reject(new Error(`video error ${element.error?.code}`));
      });
      if (!Number.isFinite(element.duration)) {
        // A WebM written without its length: seeking far makes the browser find it.
        element.currentTime = 1e9;
        await new Promise((resolve) => (element.ontimeupdate = resolve));
      }
      return { duration: element.duration, width: element.videoWidth };
    }, video!.toString('base64'));
    expect(duration.duration).toBeGreaterThan(0);
    // Audio and video: both publishers' pictures laid out as a gallery on the 1280x720 canvas (src/recordings/layout.ts).
    expect(duration.width).toBe(1280);
    await page.context().close();
  }, 180_000);
});

/** Rows of a table but its header row. */
const bodyRows = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

describe.skipIf(!mediaRunnable)('a recorded meeting in the portal', () => {
  const rig = portalRoomRigForSuite();

  it('is listed in Cloud recordings with its size once the job converted it', async () => {
    const { database, app, browser, origin } = rig();
    // The demo administrator's personal meeting records audio and video.
    await database.withPlatform((tx) => tx.update(meetings).set({ recordMode: 'audio_and_video' }).where(eq(meetings.code, DEMO_MEETING.code)));
    const { page: host, name: hostName } = await hostJoins(rig(), DEMO_MEETING, DEMO_PASSWORD);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${origin}/portal/join/${DEMO_MEETING.code}`);
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill(DEMO_MEETING.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);
    await sleep(3_000);
    await host.getByRole('button', { name: 'End meeting' }).click();
    await host.getByRole('dialog', { name: 'How was the meeting?' }).getByRole('button', { name: 'Skip' }).click();
    await guest.context().close();

    const latest = async () => {
      await app.jobs.runDue();
      const [row] = await database.withPlatform((tx) => tx.select().from(recordings).where(eq(recordings.code, DEMO_MEETING.code)).orderBy(desc(recordings.createdAt)).limit(1));
      return row;
    };
    await expect.poll(async () => (await latest())?.status, { timeout: 30_000, interval: 1_000 }).toBe('ready');
    const row = (await latest())!;
    expect(row.videoBytes).toBeGreaterThan(10_000);

    // The host (the tenant's administrator) opens Cloud recordings and finds it by its meeting ID.
    await host.goto(`${origin}/portal/cloud-recordings`);
    await host.getByRole('heading', { name: 'Cloud recordings', level: 2 }).waitFor({ timeout: 20_000 });
    await host.getByRole('searchbox').fill(DEMO_MEETING.code);
    await host.getByRole('searchbox').press('Enter');
    const listed = bodyRows(host, 'Cloud recordings').filter({ hasText: DEMO_MEETING.code }).first();
    await listed.waitFor({ timeout: 20_000 });
    expect(await listed.innerText()).toMatch(/\d+(\.\d)? (kB|MB)/);
  }, 240_000);
});
