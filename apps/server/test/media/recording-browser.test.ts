// A recorded meeting of two headless Chromiums on a real Janus ends; its recording is converted by
// the job queue with the real janus-pp-rec, and lists in getRecordings (Cloud recordings) ready,
// with a size; the stored video is a valid WebM (EBML header) that Chromium plays with a duration.
// Runs only inside run-in-netns.sh. With PORTAL_CAPTURE_RECORDING=<dir> it also copies the host's
// raw .mjr pair there (how src/recordings/demo-recording was made, then cut to 3.5 s to stay small).
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordings } from '../../src/db/schema.ts';
import { platformMeetingOptions } from '../../src/meetings/options.ts';
import { userEmail } from '../harness.ts';
import { bareRoomRigForSuite, mediaRunnable, roomSeen } from './media-rig.ts';

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
    expect(duration.width).toBeGreaterThan(0);
    await page.context().close();
  }, 180_000);
});
