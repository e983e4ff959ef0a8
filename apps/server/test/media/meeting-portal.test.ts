/// <reference lib="dom" />
// The meeting room through the real portal page: the server serves the built portal
// (apps/portal/dist) with the demo tenant, on a real Janus, and two headless Chromiums open the
// demo personal meeting's join link at the tenant's host. The host signs in as the demo tenant's
// administrator, the guest comes by link with the password; each sees the other's video play. A
// wrong password is refused on the page. The server hears of it all: the page reports its client
// (reportParticipantClient) and Janus's event handler posts to the ingest, so the live session
// holds both participants with their browser, devices and codecs. Media may only flow on loopback here, so the test runs
// only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type AppDatabase } from '../../src/db/database.ts';
import { meetingParticipants, meetingSessions, meetings } from '../../src/db/schema.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { buildApp } from '../../src/http/app.ts';
import { findJanusBinary, freeLoopbackPort, startLocalJanus } from '../../src/media/local-janus.ts';
import type { MediaPlatform } from '../../src/media/platform.ts';

const portalDist = new URL('../../../portal/dist/', import.meta.url).pathname;
const inNamespace = process.env.PORTAL_MEDIA_NETNS === '1';
const runnable = inNamespace && findJanusBinary() !== null;
if (!runnable) console.warn('meeting-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

const demoPassword = 'Demo-Passw0rd';
// The demo tenant's administrator's personal meeting (src/meetings/demo-meetings.ts).
const meeting = { code: '4155550100', password: '246810', host: 'admin@acme.test' };

describe.skipIf(!runnable)('a meeting in two browsers through the portal page', () => {
  let dir: string;
  let media: MediaPlatform;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let browser: Browser;
  let origin: string;
  let database: AppDatabase;

  beforeAll(async () => {
    if (!existsSync(joinPath(portalDist, 'index.html'))) throw new Error(`no built portal in ${portalDist}: run \`pnpm --filter @portal/web build\` first`);
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-room-'));
    const config = {
      ...loadConfig({ DATA_DIR: joinPath(dir, 'data'), PORTAL_DIST: portalDist, PORTAL_DEMO: 'true', PORTAL_DEMO_PASSWORD: demoPassword, PORTAL_ADMIN_PASSWORD: 'Room-Admin-Passw0rd', LOG_LEVEL: 'warn' }),
      port: 0,
      host: '127.0.0.1',
    };
    database = await openDatabase(config);
    await database.migrate();
    await seedDatabase(database, config);
    const port = await freeLoopbackPort();
    media = await startLocalJanus({ dir: joinPath(dir, 'janus'), iceEnforceList: 'lo', preload: process.env.JANUS_PRELOAD ?? null, eventsUrl: `http://127.0.0.1:${port}/api/v1/media/events` });
    app = await buildApp({ config, database, media, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await database.close();
    };
    const address = app.server.address();
    origin = `http://acme.portal.localhost:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
        '--host-resolver-rules=MAP *.portal.localhost 127.0.0.1',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await close?.();
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const joinUrl = () => `${origin}/portal/join/${meeting.code}`;
  const remotePlaying = (page: Page, name: string) =>
    page.waitForFunction(
      (display) => [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].some((video) => video.dataset.display === display && video.videoWidth > 0),
      name,
      { timeout: 45_000 },
    );

  it('refuses a wrong password, then host and guest each see the other', async () => {
    const host = await (await browser.newContext()).newPage();
    await host.goto(`${origin}/portal/login?redirect=${encodeURIComponent(`/join/${meeting.code}`)}`);
    await host.getByLabel('Email').fill(meeting.host);
    await host.getByLabel('Password', { exact: true }).fill(demoPassword);
    await host.getByRole('button', { name: 'Login', exact: true }).click();
    await host.waitForURL(`**/portal/join/${meeting.code}`);
    const hostName = await host.getByLabel('Your name').inputValue({ timeout: 20_000 });
    expect(hostName).not.toBe('');
    // The host's own meeting: no password asked of them? The form asks it of everyone with the link;
    // the server lets the host in without it.
    const hostPassword = host.getByLabel('Meeting password');
    if (await hostPassword.count()) await hostPassword.fill(meeting.password);
    await host.getByRole('button', { name: 'Join meeting' }).click();
    await expect.poll(() => host.getByRole('toolbar', { name: 'Meeting controls' }).count(), { timeout: 20_000 }).toBe(1);

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(joinUrl());
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill('000000');
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await guest.getByText('Wrong meeting password.').waitFor({ timeout: 10_000 });
    await guest.getByLabel('Meeting password').fill(meeting.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();

    try {
      await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);
    } catch (error) {
      const shots = await Promise.all([host, guest].map((page) => page.locator('body').innerText().catch(() => '')));
      throw new Error(`${String(error)}\nhost page: ${shots[0]}\nguest page: ${shots[1]}`, { cause: error });
    }

    // What the server holds of the running meeting: both people, with the client their page reported and the codecs Janus told.
    const live = () =>
      database.withPlatform(async (tx) => {
        const [meetingRow] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.code, meeting.code));
        // The running session (demo history holds past ones of the same meeting).
        const [session] = await tx.select().from(meetingSessions).where(and(eq(meetingSessions.meetingId, meetingRow!.id), isNull(meetingSessions.endedAt)));
        return session ? tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, session.id)) : [];
      });
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
