// The Apps screen against the real server and a local stand-in for Neosound (tooling/scripts/e2e.mjs
// starts it and points NEOSOUND_BASE_URL at it): the demo tenant's administrator installs the
// Neosound partner app with an API key, enables Neosound in Apps (the information dialog), sends a
// converted demo recording from Cloud recordings and sees 'Recording uploaded successfully to
// neosound' while the stand-in received the file. Then the Google add-on: a signed-out visitor
// arrives with the add-on's state, signs in, comes back and the add-on is authorised.
import { expect, test, type Page } from '@playwright/test';
import { demoPassword, expectSnackbar, signIn, tenantOrigin } from './support.ts';

const host = tenantOrigin('acme');
const neosoundUrl = process.env.E2E_NEOSOUND_URL ?? '';
const neosoundKey = process.env.E2E_NEOSOUND_KEY ?? '';

/** A ready demo recording of the tenant (the job queue converts them within seconds of the first start). */
async function readyRecording(page: Page): Promise<{ id: string; tenantId: string; topic: string }> {
  let found: { id: string; tenantId: string; topic: string } | undefined;
  await expect(async () => {
    found = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/recordings?limit=25');
      const body = (await answer.json()) as { items: { id: string; tenantId: string; topic: string; status: string; audio: boolean; video: boolean }[] };
      return body.items.find((item) => item.status === 'ready' && (item.audio || item.video));
    });
    expect(found).toBeTruthy();
  }).toPass({ timeout: 60_000 });
  return found!;
}

test('a tenant administrator enables Neosound and sends a cloud recording to it', async ({ page }) => {
  await page.goto(`${host}/portal/login?redirect=%2Fapp`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  const recording = await readyRecording(page);

  // The tenant's Neosound partner app with its API key (what the Partner apps section saves).
  const installed = await page.evaluate(
    async ({ tenantId, apiKey }) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('portal_csrf='))?.slice('portal_csrf='.length) ?? '';
      const answer = await fetch(`/api/v1/tenants/${tenantId}/apps/neosound`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ apiKey, region: 'eu' }),
      });
      return answer.status;
    },
    { tenantId: recording.tenantId, apiKey: neosoundKey },
  );
  expect([200, 201, 409]).toContain(installed);
  await page.reload();

  const neosound = page.getByRole('region', { name: 'Neosound' });
  await neosound.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neosound is enabled' });
  await expect(dialog).toBeVisible();
  await expectSnackbar(page, 'Transcription enabled successfully');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(neosound.getByRole('button', { name: 'Disable' })).toBeVisible();

  await page.goto(`${host}/portal/cloud-recordings`);
  await expect(page.getByRole('heading', { name: 'Cloud recordings' })).toBeVisible();
  await page.getByRole('button', { name: /^Send .* to Neosound$/ }).first().click();
  await expectSnackbar(page, 'Recording uploaded successfully to neosound');

  const received = (await (await page.request.get(`${neosoundUrl}_received`)).json()) as { accounts: number; files: { name: string; bytes: number }[] };
  expect(received.accounts).toBeGreaterThanOrEqual(1);
  expect(received.files.length).toBeGreaterThanOrEqual(1);
  expect(received.files[0]!.bytes).toBeGreaterThan(0);
});

test('the Google add-on is authorised after a signed-out visitor signs in', async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`${host}/portal/google-addon?state=e2e-addon-state`);
  await expect(page).toHaveURL(/\/portal\/login$/);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page).toHaveURL(/\/portal\/google-addon$/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering' })).toBeVisible();
  await expect(page.getByText('Google add-on is authorized')).toBeVisible();
  await page.getByRole('button', { name: 'Take me to the portal' }).click();

  await page.goto(`${host}/portal/app`);
  await expect(page.getByRole('region', { name: 'Gmail add-on' }).getByRole('button', { name: 'Disable' })).toBeVisible();
  await visitor.close();
});
