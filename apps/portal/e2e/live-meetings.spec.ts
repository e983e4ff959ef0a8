// Live meetings against the real server: the built-in traffic simulator (on by default on the
// embedded database) runs meetings in the demo tenants and applies their media events as a media
// server's would; the platform administrator's screen hears them through the event stream and
// updates itself, without a reload, keeping the chosen meeting open; ending a simulated meeting
// takes it off, and the simulator leaves that meeting alone a while. Completed meetings reads the
// demo history the first start wrote: its meetings, their participants and the CSV export.
import { expect, test } from '@playwright/test';
import { admin, signIn } from './support.ts';

test('the platform administrator watches simulated meetings update without a reload', async ({ page }) => {
  const stream = page.waitForRequest((request) => request.url().endsWith('/api/v1/live-meetings/events'));
  await page.goto('/portal/login?redirect=%2Flive-meeting');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Live meetings' })).toBeVisible();
  await stream;
  await expect(page.getByRole('status')).toHaveText('Updating live');
  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

  const meetings = page.getByRole('table', { name: 'Live meetings' });
  const choose = meetings.getByRole('button', { name: /^Participants of / }).first();
  await expect(choose).toBeVisible({ timeout: 30_000 });
  await expect(meetings.getByRole('cell', { name: /Corporation|Acme|Globex/ }).first()).toBeVisible();
  const code = (await choose.getAttribute('aria-label'))!.replace('Participants of ', '');
  await choose.click();
  await expect(page.getByRole('heading', { name: `Participants of meeting ${code}` })).toBeFocused();
  const people = page.getByRole('table', { name: 'Participants' });
  await expect(people.getByRole('row').nth(1)).toBeVisible();

  // Statistics arrive every 2 s for everyone in the meeting: the table changes on its own.
  const before = await people.innerText();
  await expect.poll(() => people.innerText(), { timeout: 20_000 }).not.toBe(before);
  await expect(page.getByRole('heading', { name: `Participants of meeting ${code}` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
});

test('the platform administrator ends a simulated meeting for everyone, and it stays ended', async ({ page }) => {
  await page.goto('/portal/login?redirect=%2Flive-meeting');
  await signIn(page, admin.email, admin.password);
  const meetings = page.getByRole('table', { name: 'Live meetings' });
  const end = meetings.getByRole('button', { name: /^End meeting .* for everyone$/ }).first();
  await expect(end).toBeVisible({ timeout: 30_000 });
  const code = (await end.getAttribute('aria-label'))!.replace(/^End meeting (.*) for everyone$/, '$1');
  await end.click();
  const dialog = page.getByRole('dialog', { name: 'End meeting' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'End for everyone' }).click();
  await expect(page.getByText(`Meeting ${code} ended for everyone`)).toBeVisible();
  const row = meetings.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(0);
  // The simulator steps every 2 s: its run of that meeting must not come back.
  await page.waitForTimeout(6_000);
  await expect(row).toHaveCount(0);
});

test('the platform administrator reads completed meetings, their participants and the export', async ({ page }) => {
  await page.goto('/portal/login?redirect=%2Fcompleted-meetings');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Completed meetings' })).toBeVisible();
  const meetings = page.getByRole('table', { name: 'Completed meetings' });
  const choose = meetings.getByRole('button', { name: /^Participants of / }).first();
  await expect(choose).toBeVisible();
  await choose.click();
  const people = page.getByRole('table', { name: 'Participants' });
  await expect(people.getByRole('columnheader', { name: 'Average packet loss' })).toBeVisible();
  await expect(people.getByRole('row')).not.toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('completed-meetings.csv');
});
