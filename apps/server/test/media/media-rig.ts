/// <reference lib="dom" />
// What the browser meeting tests share (run them inside run-in-netns.sh): a real Janus posting its
// events to the server's ingest, headless Chromium with fake devices allowed loopback candidates,
// and either a test server with the bare room client page (room-client.html) or the server with
// the built portal and the demo tenant, reached at the tenant's host.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../src/kernel/config.ts';
import { openDatabase, type AppDatabase } from '../../src/kernel/db/database.ts';
import { meetingParticipants, meetingSessions, meetings } from '../../src/kernel/db/schema.ts';
import { seedDatabase } from '../../src/app/seed.ts';
import { buildApp } from '../../src/app/app.ts';
import { findJanusBinary, freeLoopbackPort, startLocalJanus } from '../../src/media/local-janus.ts';
import type { MediaPlatform } from '../../src/media/platform.ts';
import { platformMeetingOptions } from '../../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer } from '../harness.ts';

/** Media may flow only on loopback: the tests run only inside the namespace run-in-netns.sh makes. */
export const mediaRunnable = process.env.PORTAL_MEDIA_NETNS === '1' && findJanusBinary() !== null;

const chromiumArgs = ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'];

/** A local Janus that posts its events to the server about to listen on `port`. */
function startJanus(dir: string, port: number): Promise<MediaPlatform> {
  return startLocalJanus({ dir, iceEnforceList: 'lo', preload: process.env.JANUS_PRELOAD ?? null, eventsUrl: `http://127.0.0.1:${port}/api/v1/media/events` });
}

/**
 * Janus learns where to post its events when it starts, so the server's port is chosen before the
 * server listens, and something else on loopback (another test file's Janus or server, started in
 * parallel) may bind it in between: CI saw EADDRINUSE once. Then the start is tried on another port.
 * `start` leaves nothing running when it fails.
 */
async function onChosenPort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freeLoopbackPort());
    } catch (error) {
      if (attempt >= attempts || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

export type BareRoomRig = {
  media: MediaPlatform;
  server: TestServer;
  browser: Browser;
  /** Opens room-client.html in a new browser context and enters the meeting with this grant. */
  enter: (grant: unknown) => Promise<Page>;
  close: () => Promise<void>;
};

const files: Record<string, [string, string]> = {
  '/room.html': [new URL('./room-client.html', import.meta.url).pathname, 'text/html'],
  '/janus.js': ['/usr/share/javascript/janus-gateway/janus.js', 'text/javascript'],
};

/** A test server on a real Janus, with the bare room client page served beside it. */
export async function startBareRoomRig(): Promise<BareRoomRig> {
  const dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-'));
  const { media, server } = await onChosenPort(async (port) => {
    const janus = await startJanus(dir, port);
    try {
      return { media: janus, server: await startTestServer({ media: janus, config: { port } }) };
    } catch (error) {
      await janus.close();
      throw error;
    }
  });
  const pages = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const address = pages.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  return {
    media,
    server,
    browser,
    async enter(grant) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${origin}/room.html`);
      await page.evaluate((given) => (globalThis as unknown as { enter: (g: unknown) => Promise<void> }).enter(given), grant);
      return page;
    },
    async close() {
      await browser.close();
      pages.close();
      await server.close(); // closes the media platform, which stops Janus
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PortalRoomRig = {
  database: AppDatabase;
  /** The server (its job queue: `app.jobs.runDue()` runs the conversions the meetings queued). */
  app: FastifyInstance;
  /** The demo tenant's portal (`http://acme.portal.localhost:<port>`). */
  origin: string;
  browser: Browser;
  close: () => Promise<void>;
};

const portalDist = new URL('../../../portal/dist/', import.meta.url).pathname;

/** The platform super administrator the portal rig seeds (its PORTAL_ADMIN_PASSWORD). */
const superAdmin = { email: 'admin@portal.localhost', password: 'Room-Admin-Passw0rd' };

/** The server with the built portal and the demo tenant (password `demoPassword`) on a real Janus. */
export async function startPortalRoomRig(demoPassword: string): Promise<PortalRoomRig> {
  if (!existsSync(joinPath(portalDist, 'index.html'))) throw new Error(`no built portal in ${portalDist}: run \`pnpm --filter @portal/web build\` first`);
  const dir = mkdtempSync(joinPath(tmpdir(), 'portal-room-'));
  const config = {
    ...loadConfig({ DATA_DIR: joinPath(dir, 'data'), PORTAL_DIST: portalDist, PORTAL_DEMO: 'true', PORTAL_DEMO_PASSWORD: demoPassword, PORTAL_ADMIN_PASSWORD: superAdmin.password, LOG_LEVEL: 'warn' }),
    port: 0,
    host: '127.0.0.1',
  };
  const database = await openDatabase(config);
  await database.migrate();
  await seedDatabase(database, config);
  const { app, port } = await onChosenPort(async (chosen) => {
    const server = await buildApp({ config, database, media: await startJanus(joinPath(dir, 'janus'), chosen), logger: false });
    try {
      await server.listen({ port: chosen, host: '127.0.0.1' });
    } catch (error) {
      await server.close(); // stops its Janus
      throw error;
    }
    return { app: server, port: chosen };
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required', '--host-resolver-rules=MAP *.portal.localhost 127.0.0.1'],
  });
  return {
    database,
    app,
    origin: `http://acme.portal.localhost:${port}`,
    browser,
    async close() {
      await browser.close();
      await app.close(); // stops its Janus
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Grant = { display: string; roomId: number; opaqueId: string; feedbackTicket: string } & Record<string, unknown>;

/** The acme member schedules a meeting (password 135790) and gets a join grant; a guest, Guest Gail, gets one too. */
export async function scheduleWithGrants(server: TestServer, topic: string) {
  const host = await server.login('acme', userEmail('acme', 'member'));
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const created = await server.request('acme', 'POST', '/meetings', {
    session: host,
    body: { kind: 'scheduled', topic, start, durationMinutes: 30, timeZone: 'Europe/Paris', password: '135790', options: platformMeetingOptions },
  });
  expect(created.status, created.text).toBe(201);
  const code = created.body.meetingId as string;
  const hostGrant = await server.request('acme', 'POST', `/join/${code}`, { session: host, body: {} });
  expect(hostGrant.status, hostGrant.text).toBe(200);
  const guestGrant = await server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Guest Gail', password: '135790' } });
  expect(guestGrant.status, guestGrant.text).toBe(200);
  return { host, id: created.body.id as string, code, hostGrant: hostGrant.body as Grant, guestGrant: guestGrant.body as Grant };
}

/** Resolves once the bare room page has seen the participant shown as `name`. */
export const roomSeen = (page: Page, name: string) =>
  page.waitForFunction((display) => (globalThis as unknown as { room: { seen: string[] } }).room.seen.includes(display), name, { timeout: 30_000 });

/** Resolves once the page plays the video of the participant shown as `name`. */
export const remotePlaying = (page: Page, name: string) =>
  page.waitForFunction(
    (display) => [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].some((video) => video.dataset.display === display && video.videoWidth > 0),
    name,
    { timeout: 45_000 },
  );

/** The platform super administrator signs in at the platform's host and opens Live meetings; returns that page. */
export async function superAdminOnLiveMeetings(rig: PortalRoomRig): Promise<Page> {
  // The platform realm is served at the bare host, the demo tenant at its subdomain.
  const platform = rig.origin.replace('acme.portal.localhost', 'localhost');
  const page = await (await rig.browser.newContext()).newPage();
  await page.goto(`${platform}/portal/login?redirect=%2Flive-meeting`);
  await page.getByLabel('Email').fill(superAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(superAdmin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Live meetings' }).waitFor({ timeout: 20_000 });
  return page;
}

export type PortalMeeting = { code: string; password: string; host: string };

/** The host signs in on the portal's login page, which leads to the meeting's join page, and joins; returns the page and the name the page gave them. */
export async function hostJoins(rig: PortalRoomRig, meeting: PortalMeeting, password: string): Promise<{ page: Page; name: string }> {
  const page = await (await rig.browser.newContext()).newPage();
  await page.goto(`${rig.origin}/portal/login?redirect=${encodeURIComponent(`/join/${meeting.code}`)}`);
  await page.getByLabel('Email').fill(meeting.host);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`**/portal/join/${meeting.code}`);
  const name = await page.getByLabel('Your name').inputValue({ timeout: 20_000 });
  // The form asks the password of everyone with the link; the server lets the host in without it.
  const hostPassword = page.getByLabel('Meeting password');
  if (await hostPassword.count()) await hostPassword.fill(meeting.password);
  await page.getByRole('button', { name: 'Join meeting' }).click();
  await expect.poll(() => page.getByRole('toolbar', { name: 'Meeting controls' }).count(), { timeout: 20_000 }).toBe(1);
  return { page, name };
}

/** A guest opens the meeting's link in a new browser context and joins with its password under `name`. */
export async function guestJoins(rig: PortalRoomRig, meeting: PortalMeeting, name = 'Guest Gail'): Promise<Page> {
  const page = await (await rig.browser.newContext()).newPage();
  await page.goto(`${rig.origin}/portal/join/${meeting.code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Meeting password').fill(meeting.password);
  await page.getByRole('button', { name: 'Join meeting' }).click();
  return page;
}

/** Resolves once each page plays the other's video (named as given); on failure says what each page showed. */
export async function bothPlaying(first: { page: Page; name: string }, second: { page: Page; name: string }): Promise<void> {
  try {
    await Promise.all([remotePlaying(first.page, second.name), remotePlaying(second.page, first.name)]);
  } catch (error) {
    const shots = await Promise.all([first, second].map(({ page }) => page.locator('body').innerText().catch(() => '')));
    throw new Error(`${String(error)}\n${first.name}'s page: ${shots[0]}\n${second.name}'s page: ${shots[1]}`, { cause: error });
  }
}

/** The meeting's running session (the demo history holds past ones of the same meeting) and its participants. */
export const runningSession = (database: AppDatabase, code: string) =>
  database.withPlatform(async (tx) => {
    const [meetingRow] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.code, code));
    const [running] = await tx.select().from(meetingSessions).where(and(eq(meetingSessions.meetingId, meetingRow!.id), isNull(meetingSessions.endedAt)));
    const people = running ? await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, running.id)) : [];
    return { running, people };
  });

/** The bare room rig for a suite: started before its tests, closed after them. */
export function bareRoomRigForSuite(): () => BareRoomRig {
  let rig: BareRoomRig | undefined;
  beforeAll(async () => {
    rig = await startBareRoomRig();
  });
  afterAll(() => rig?.close());
  return () => rig!;
}

/** The demo tenant's password for the portal rig's seed. */
export const DEMO_PASSWORD = 'Demo-Passw0rd';
/** The demo tenant's administrator's personal meeting (src/meetings/demo-meetings.ts). */
export const DEMO_MEETING: PortalMeeting = { code: '4155550100', password: '246810', host: 'admin@acme.test' };

/** The portal rig (demo tenant with DEMO_PASSWORD) for a suite: started before its tests, closed after them. */
export function portalRoomRigForSuite(): () => PortalRoomRig {
  let rig: PortalRoomRig | undefined;
  beforeAll(async () => {
    rig = await startPortalRoomRig(DEMO_PASSWORD);
  }, 120_000);
  afterAll(() => rig?.close());
  return () => rig!;
}
