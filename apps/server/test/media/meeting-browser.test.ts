// Host and guest meet in two headless Chromiums on a real Janus, with grants from the portal's
// joinMeeting, and each sees the other's video. Janus's sample event handler posts its events to
// the server's ingest (the way `npm start` runs it), so the server then holds the live session with
// both participants, their codecs, address and media statistics. Media may only flow on loopback here, so the test
// runs only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMeetingOptions } from '../../src/meetings/options.ts';
import { meetingParticipants, meetingSessions, mediaNodes } from '../../src/db/schema.ts';
import { findJanusBinary, freeLoopbackPort, startLocalJanus } from '../../src/media/local-janus.ts';
import type { MediaPlatform } from '../../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer } from '../harness.ts';

const inNamespace = process.env.PORTAL_MEDIA_NETNS === '1';
const runnable = inNamespace && findJanusBinary() !== null;
if (!runnable) console.warn('meeting-browser.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc), never on a real network');

const files: Record<string, [string, string]> = {
  '/room.html': [new URL('./room-client.html', import.meta.url).pathname, 'text/html'],
  '/janus.js': ['/usr/share/javascript/janus-gateway/janus.js', 'text/javascript'],
};

describe.skipIf(!runnable)('a meeting in two browsers', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let pages: Server;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-'));
    // Janus learns where to post its events when it starts: the server's port is chosen first.
    const port = await freeLoopbackPort();
    media = await startLocalJanus({ dir, iceEnforceList: 'lo', preload: process.env.JANUS_PRELOAD ?? null, eventsUrl: `http://127.0.0.1:${port}/api/v1/media/events` });
    server = await startTestServer({ media, config: { port } });
    pages = createServer((request, response) => {
      const file = files[new URL(request.url ?? '/', 'http://x').pathname];
      if (!file) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    pages?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('host and guest each see the other', async () => {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const created = await server.request('acme', 'POST', '/meetings', {
      session: host,
      body: { kind: 'scheduled', topic: 'Browser meeting', start, durationMinutes: 30, timeZone: 'Europe/Paris', password: '135790', options: platformMeetingOptions },
    });
    expect(created.status, created.text).toBe(201);
    const code = created.body.meetingId as string;
    const hostGrant = await server.request('acme', 'POST', `/join/${code}`, { session: host, body: {} });
    expect(hostGrant.status, hostGrant.text).toBe(200);
    const guestGrant = await server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Guest Gail', password: '135790' } });
    expect(guestGrant.status, guestGrant.text).toBe(200);

    const address = pages.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const open = async (grant: unknown) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${origin}/room.html`);
      await page.evaluate((given) => (globalThis as unknown as { enter: (g: unknown) => Promise<void> }).enter(given), grant);
      return page;
    };
    const [hostPage, guestPage] = [await open(hostGrant.body), await open(guestGrant.body)];
    const seen = (page: typeof hostPage, name: string) =>
      page.waitForFunction((display) => (globalThis as unknown as { room: { seen: string[] } }).room.seen.includes(display), name, { timeout: 30_000 });
    try {
      await Promise.all([seen(hostPage, 'Guest Gail'), seen(guestPage, hostGrant.body.display as string)]);
    } catch (error) {
      const logs = await Promise.all([hostPage, guestPage].map((page) => page.evaluate(() => (globalThis as unknown as { room: { log: string[] } }).room.log)));
      throw new Error(`${String(error)}\npage logs: ${JSON.stringify(logs)}`, { cause: error });
    }
    const rooms = await media.listRooms();
    expect(rooms.find((room) => room.roomId === hostGrant.body.roomId)?.participants).toBe(2);

    // What Janus told the server through the sample event handler and the ingest.
    const meetingId = created.body.id as string;
    const live = () =>
      server.database.withTenant(server.ids.tenants.acme, async (tx) => {
        const [session] = await tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId));
        const people = session ? await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, session.id)) : [];
        return { session, people };
      });
    const everyoneMeasured = async () => {
      const { session, people } = await live();
      return Boolean(session && !session.endedAt && people.length === 2 && people.every((person) => person.audioCodec && person.videoCodec && person.samples > 0 && (person.bitrateOutKbps ?? 0) > 0));
    };
    await expect.poll(everyoneMeasured, { timeout: 20_000, interval: 500 }).toBe(true);
    const { session, people } = await live();
    expect(session).toMatchObject({ node: 'portal-local-janus', source: 'media', video: true, endedAt: null, participants: 2 });
    const byName = Object.fromEntries(people.map((person) => [person.displayName, person]));
    expect(Object.keys(byName).sort()).toEqual([hostGrant.body.display as string, 'Guest Gail'].sort());
    for (const person of people) {
      expect(person).toMatchObject({ audioCodec: 'opus', videoCodec: 'vp8', micOn: true, cameraOn: true, leftAt: null, client: { ip: '127.0.0.1' } });
      expect(person.bitrateInKbps).toBeGreaterThan(0);
      // What Janus sends them: the other's stream, through their subscriber handle.
      expect(person.bitrateOutKbps).toBeGreaterThan(0);
    }
    expect(byName['Guest Gail']!.participantKey).toMatch(/^guest-/);
    // The host shares their screen (the page describes its video stream as the screen), then stops.
    const sharing = async () => (await live()).people.find((person) => person.participantKey === hostGrant.body.opaqueId.split('participant:')[1])?.screenSharing;
    await hostPage.evaluate(() => (globalThis as unknown as { share: (on: boolean) => void }).share(true));
    await expect.poll(sharing, { timeout: 10_000, interval: 300 }).toBe(true);
    expect((await live()).session!.screenShare).toBe(true);
    await hostPage.evaluate(() => (globalThis as unknown as { share: (on: boolean) => void }).share(false));
    await expect.poll(sharing, { timeout: 10_000, interval: 300 }).toBe(false);

    const [counted] = await server.database.withPlatform((tx) => tx.select().from(mediaNodes).where(eq(mediaNodes.name, 'portal-local-janus')));
    expect(counted!.accepted).toBeGreaterThan(0);
    expect(counted!.refused).toBe(0);

    const ended = await server.request('acme', 'DELETE', `/meetings/${created.body.id}/room`, { session: host });
    expect(ended.status).toBe(204);
    const closed = await live();
    expect(closed.session!.endedAt).toBeInstanceOf(Date);
    expect(closed.people.every((person) => person.leftAt !== null)).toBe(true);
  });
});
