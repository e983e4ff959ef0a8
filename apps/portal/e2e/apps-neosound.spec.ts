// The Apps screen against the real server and a local stand-in for Neosound (tooling/scripts/e2e.mjs
// starts it and points NEOSOUND_BASE_URL at it): the demo tenant's administrator installs the
// Neosound partner app with an API key, enables Neosound in Apps (the information dialog), sends a
// converted demo recording from Cloud recordings and sees 'Recording uploaded successfully to
// neosound' while the stand-in received the file. Then the Google add-on, a client of the portal's
// authorization server: a signed-out visitor arrives with the add-on's state and PKCE challenge,
// signs in, authorises it on the consent screen, sees 'Google add-on is authorized', and 'Take me to
// Gmail' brings the add-on a code whose token proves the person (addonUser) until Apps disables it;
// Decline says 'Authorization Failed..!!' and the add-on gets access_denied.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { demoPassword, expectSnackbar, fromServerAt, signIn, tenantOrigin } from './support.ts';

const host = tenantOrigin('acme');
const neosoundUrl = process.env.E2E_NEOSOUND_URL ?? '';
const neosoundKey = process.env.E2E_NEOSOUND_KEY ?? '';
/** GOOGLE_ADDON_CALLBACK_URL as tooling/scripts/e2e.mjs sets it. */
const addonCallback = 'http://127.0.0.1:9/addon-callback';

/** A request from the add-on's own server (Apps Script at Google), to the tenant's host. */
const fromAddon = (method: string, path: string, headers: Record<string, string>, body?: string) => fromServerAt(host, method, path, headers, body);

/** Presses 'Take me to Gmail' and answers where the browser landed: the add-on's callback, intercepted (it is Google's). */
async function takeMeToGmail(page: Page): Promise<URL> {
  let landed: URL | undefined;
  await page.route(`${addonCallback}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'add-on callback' });
  });
  await page.getByRole('button', { name: 'Take me to Gmail' }).click();
  await expect.poll(() => landed?.href ?? null).not.toBeNull();
  return landed!;
}

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

test('the Google add-on is authorised through sign-in and consent; its token proves the person until Apps disables it', async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  // The add-on's OAuth library keeps the verifier and sends its state and S256 challenge.
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await page.goto(`${host}/portal/google-addon?${new URLSearchParams({ state: 'e2e-addon-state', code_challenge: challenge, code_challenge_method: 'S256' })}`);
  await expect(page).toHaveURL(/\/portal\/login$/);
  await signIn(page, 'admin@acme.test', demoPassword);
  // Signed in, the add-on's request goes to the portal's authorization server and its consent screen.
  await expect(page.getByRole('heading', { name: 'Authorize Google add-on' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Requested permissions' }).getByText('View and manage meetings')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/google-addon\?result=authorized/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering' })).toBeVisible();
  await expect(page.getByText('Google add-on is authorized')).toBeVisible();

  // 'Take me to Gmail' resumes to the add-on's callback (at Google; intercepted here) with a code.
  const landed = await takeMeToGmail(page);
  expect(landed.searchParams.get('code')).not.toBeNull();
  expect(landed.searchParams.get('state')).toBe('e2e-addon-state');

  // The add-on's server side redeems it (public client, PKCE) and tells the portal who it acts for.
  const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: 'google-addon', code: landed.searchParams.get('code')!, redirect_uri: addonCallback, code_verifier: verifier });
  const token = await fromAddon('POST', '/oidc/token', { 'content-type': 'application/x-www-form-urlencoded' }, form.toString());
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const bearer = { authorization: `Bearer ${token.body!.access_token as string}` };
  const linked = await fromAddon('PUT', '/api/v1/users/addon-user', { ...bearer, 'content-type': 'application/json' }, JSON.stringify({ workspaceUser: 'admin@acme.test' }));
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  expect((await fromAddon('GET', '/api/v1/meetings', bearer)).status).toBe(200);

  // The Apps screen shows it on; Disable stops the add-on's token at once.
  await page.goto(`${host}/portal/app`);
  const card = page.getByRole('region', { name: 'Gmail add-on' });
  await card.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog', { name: 'Disable the Gmail add-on' }).getByRole('button', { name: 'Disable' }).click();
  await expectSnackbar(page, 'Google add-on disabled successfully');
  expect((await fromAddon('GET', '/api/v1/meetings', bearer)).status).toBe(401);
  await visitor.close();
});

test('a declined Google add-on says Authorization Failed..!! and the add-on gets access_denied', async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  await page.goto(`${host}/portal/login`);
  await signIn(page, 'zoe.dupont@acme.test', demoPassword);
  await page.goto(`${host}/portal/google-addon?${new URLSearchParams({ state: 'e2e-declined', code_challenge: challenge })}`);
  await expect(page.getByRole('heading', { name: 'Authorize Google add-on' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Authorization Failed..!!')).toBeVisible();
  const landed = await takeMeToGmail(page);
  expect(landed.searchParams.get('error')).toBe('access_denied');
  expect(landed.searchParams.get('code')).toBeNull();
  await visitor.close();
});
