/// <reference lib="dom" />
// Rating a meeting at its end through the real portal page: the server serves the built portal
// (apps/portal/dist) with the demo tenant, on a real Janus; the demo administrator hosts their
// personal meeting and a guest joins by link. The guest leaves and the room page asks how the
// meeting was: four stars, echo, a suggestion, sent with the ticket of the guest's join grant; the
// host ends the meeting and skips. The rating is stored for the guest's participant row of that
// run, and the super administrator's getFeedback shows it. Media may only flow on loopback here,
// so the test runs only inside the network namespace run-in-netns.sh makes (PORTAL_MEDIA_NETNS=1).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type AppDatabase } from '../../src/db/database.ts';
import { meetingFeedback, meetingParticipants, meetingSessions, meetings } from '../../src/db/schema.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { buildApp } from '../../src/http/app.ts';
import { findJanusBinary, freeLoopbackPort, startLocalJanus } from '../../src/media/local-janus.ts';
import type { MediaPlatform } from '../../src/media/platform.ts';

const portalDist = new URL('../../../portal/dist/', import.meta.url).pathname;
const inNamespace = process.env.PORTAL_MEDIA_NETNS === '1';
const runnable = inNamespace && findJanusBinary() !== null;
if (!runnable) console.warn('meeting-feedback-portal.test.ts skipped: run it with test/media/run-in-netns.sh (root, janus, chromium, gcc) after building the portal, never on a real network');

const demoPassword = 'Demo-Passw0rd';
// The demo tenant's administrator's personal meeting (src/meetings/demo-meetings.ts).
const meeting = { code: '4155550100', password: '246810', host: 'admin@acme.test' };

describe.skipIf(!runnable)('rating a meeting at its end through the portal page', () => {
  let dir: string;
  let media: MediaPlatform;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let browser: Browser;
  let origin: string;
  let database: AppDatabase;

  beforeAll(async () => {
    if (!existsSync(joinPath(portalDist, 'index.html'))) throw new Error(`no built portal in ${portalDist}: run \`pnpm --filter @portal/web build\` first`);
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-rating-'));
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

  it('the guest rates the meeting on leaving, the host skips, and the rating is stored for that run', async () => {
    const host = await (await browser.newContext()).newPage();
    await host.goto(`${origin}/portal/login?redirect=${encodeURIComponent(`/join/${meeting.code}`)}`);
    await host.getByLabel('Email').fill(meeting.host);
    await host.getByLabel('Password', { exact: true }).fill(demoPassword);
    await host.getByRole('button', { name: 'Login', exact: true }).click();
    await host.waitForURL(`**/portal/join/${meeting.code}`);
    const hostName = await host.getByLabel('Your name').inputValue({ timeout: 20_000 });
    const hostPassword = host.getByLabel('Meeting password');
    if (await hostPassword.count()) await hostPassword.fill(meeting.password);
    await host.getByRole('button', { name: 'Join meeting' }).click();
    await expect.poll(() => host.getByRole('toolbar', { name: 'Meeting controls' }).count(), { timeout: 20_000 }).toBe(1);

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(joinUrl());
    await guest.getByLabel('Your name').fill('Guest Gail');
    await guest.getByLabel('Meeting password').fill(meeting.password);
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await Promise.all([remotePlaying(host, 'Guest Gail'), remotePlaying(guest, hostName)]);

    // The ingest has told the server both are in before anyone leaves.
    const session = () =>
      database.withPlatform(async (tx) => {
        const [meetingRow] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.code, meeting.code));
        const [running] = await tx.select().from(meetingSessions).where(and(eq(meetingSessions.meetingId, meetingRow!.id), isNull(meetingSessions.endedAt)));
        const people = running ? await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, running.id)) : [];
        return { running, people };
      });
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

    await host.getByRole('button', { name: 'End meeting' }).click();
    const hostDialog = host.getByRole('dialog', { name: 'How was the meeting?' });
    await hostDialog.waitFor({ timeout: 20_000 });
    await hostDialog.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => hostDialog.count()).toBe(0);

    const stored = await database.withPlatform((tx) =>
      tx
        .select({ rating: meetingFeedback.rating, audioIssues: meetingFeedback.audioIssues, suggestion: meetingFeedback.suggestion, name: meetingFeedback.displayName, sessionId: meetingFeedback.sessionId })
        .from(meetingFeedback)
        .where(eq(meetingFeedback.sessionId, running!.id)),
    );
    expect(stored).toEqual([{ rating: 4, audioIssues: ['echo'], suggestion: 'Clear picture', name: 'Guest Gail', sessionId: running!.id }]);
  }, 180_000);
});
