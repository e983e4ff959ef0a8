// A recording made on a computer is uploaded against the real server (tus, resumable): a member of
// the demo tenant opens Recordings, uploads a 16 MB WebM file in two 8 MB requests; the second one
// breaks (the connection is reset), the client asks the server how much arrived (HEAD), sends the
// rest, and the recording lists with its computer name. A renamed text file is refused by content.
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { demoPassword, signIn, tenantOrigin } from './support.ts';

const host = tenantOrigin('acme');
const MB = 1024 * 1024;

/** A WebM-looking file: the EBML header naming DocType webm, then noise. */
function webmFile(size: number): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
  return Buffer.concat([header, randomBytes(size - header.length)]);
}

async function openRecordings(page: Page) {
  await page.goto(`${host}/portal/login?redirect=%2Frecordings`);
  await signIn(page, 'zoe.dupont@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Recordings', level: 2 })).toBeVisible();
}

async function fillUpload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, topic: string) {
  await page.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a recording' });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByLabel('Topic').fill(topic);
  // Zoë's personal meeting (demo data): the server refuses a meeting ID that names no meeting of the tenant.
  await dialog.getByLabel('Meeting ID').fill('4155550101');
  await dialog.getByLabel('Computer Name').fill('ZOE-LAPTOP');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('an upload interrupted halfway resumes from the server’s offset, completes and lists', async ({ page }) => {
  await openRecordings(page);
  const calls: string[] = [];
  let patches = 0;
  await page.route('**/api/v1/recordings/uploads/*', async (route) => {
    const method = route.request().method();
    calls.push(method);
    if (method === 'PATCH' && ++patches === 2) {
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const dialog = await fillUpload(page, { name: 'customer-call.webm', mimeType: 'video/webm', buffer: webmFile(16 * MB) }, 'Customer call from my laptop');
  await expect(page.getByText('The recording was uploaded')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toHaveCount(0);
  // The broken request was followed by the offset request, then the rest.
  expect(calls.slice(calls.indexOf('PATCH') + 2)).toEqual(expect.arrayContaining(['HEAD', 'PATCH']));
  expect(calls.filter((method) => method === 'PATCH')).toHaveLength(3);
  const table = page.getByRole('table', { name: 'Recordings' });
  const row = table.getByRole('row', { name: /Customer call from my laptop/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('ZOE-LAPTOP');
  await expect(row).toContainText('4155550101');
  await expect(row).toContainText('16.8 MB');
});

test('a text file renamed .webm is refused by its content', async ({ page }) => {
  await openRecordings(page);
  const text = Buffer.from('Minutes of the meeting: nothing to see here, this is text. '.repeat(20), 'utf8');
  const dialog = await fillUpload(page, { name: 'minutes.webm', mimeType: 'video/webm', buffer: text }, 'Not a recording');
  await expect(dialog.getByRole('alert')).toHaveText('This file is not a recording. Upload a WebM, Matroska, MP4, M4A or Ogg file.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Recordings' }).getByText('Not a recording')).toHaveCount(0);
});
