// A recording's share link against the real server: the demo tenant's administrator shares one of
// its converted demo recordings with a password from Cloud recordings; a signed-out visitor opens
// the link, enters the password and the video element really plays (its time advances, fed by the
// range-capable public endpoint); the link stops working once revoked, and a link past its expiry
// says so. The Download dialog hands the video to the browser, which saves a real WebM file.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { demoPassword, signIn, tenantOrigin } from './support.ts';

const host = tenantOrigin('acme');
const linkPassword = 'Sesame-4242';

async function openCloudRecordings(page: Page) {
  await page.goto(`${host}/portal/login?redirect=%2Fcloud-recordings`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Cloud recordings' })).toBeVisible();
  // The demo recordings are converted by the job queue within seconds of the first start.
  const share = page.getByRole('button', { name: /^Share / }).first();
  await expect(async () => {
    await page.reload();
    await expect(share).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  return share;
}

async function videoPlays(page: Page) {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
}

test('a signed-out visitor plays a password-protected share link until it is revoked', async ({ page, browser }) => {
  const share = await openCloudRecordings(page);
  await share.click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await dialog.getByRole('switch', { name: 'Password Protection' }).check({ force: true });
  await dialog.locator('input[type="password"]').fill(linkPassword);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Link', exact: true }).inputValue();
  expect(url).toMatch(new RegExp(`^${host}/portal/recording/[A-Za-z0-9_-]{43}$`));

  const visitor = await browser.newContext();
  const player = await visitor.newPage();
  await player.goto(url);
  await expect(player.getByText('This recording is protected by a password.')).toBeVisible();
  await player.locator('input[type="password"]').fill('not-it');
  await player.getByRole('button', { name: 'Watch' }).click();
  await expect(player.getByText('The password is not correct.')).toBeVisible();
  await player.locator('input[type="password"]').fill(linkPassword);
  await player.getByRole('button', { name: 'Watch' }).click();
  await videoPlays(player);

  // Revoked in the dialog: the visitor's next visit is refused.
  await dialog.getByRole('button', { name: /^Revoke the link expiring / }).first().click();
  await expect(dialog.getByText('Revoked').first()).toBeVisible();
  await player.reload();
  await expect(player.getByRole('alert')).toHaveText('This recording link was revoked by its owner.');
  await expect(player.locator('video')).toHaveCount(0);
  await visitor.close();
});

test('a share link stops working when it expires', async ({ page, browser }) => {
  await openCloudRecordings(page);
  // A link expiring in a few seconds, created through the same call the dialog makes.
  const recordingId = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/recordings?limit=25');
    const body = (await answer.json()) as { items: { id: string; status: string; video: boolean }[] };
    return body.items.find((item) => item.status === 'ready' && item.video)?.id ?? '';
  });
  expect(recordingId).not.toBe('');
  const created = await page.evaluate(async (id) => {
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('portal_csrf='))?.split('=')[1] ?? '';
    const answer = await fetch(`/api/v1/recordings/${id}/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({ expiresAt: new Date(Date.now() + 4_000).toISOString() }),
    });
    return (await answer.json()) as { url: string };
  }, recordingId);

  const visitor = await browser.newContext();
  const player = await visitor.newPage();
  await player.goto(created.url);
  await videoPlays(player);
  await player.waitForTimeout(4_500);
  await player.reload();
  await expect(player.getByRole('alert')).toHaveText('This recording link has expired.');
  await visitor.close();
});

test('the administrator downloads the video recording, streamed by the browser', async ({ page }) => {
  await openCloudRecordings(page);
  await page.getByRole('button', { name: /^Download / }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Download / });
  await expect(dialog.getByRole('radio', { name: 'Video Recording' })).toBeChecked();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.webm$/);
  const path = await file.path();
  // A WebM file starts with the EBML header.
  expect(readFileSync(path).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
});
