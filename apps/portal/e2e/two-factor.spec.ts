// Two-factor sign-in against the real server: a demo member turns two-factor on in the profile's
// panel, signs out, signs in with a code computed here from the secret key the panel showed, a
// replayed code is refused and a recovery code gets in.
import { expect, test, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { demoPassword, signIn } from './support.ts';

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;
const member = 'lukasz.nowak@acme.test';

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/\s/g, '')) {
    value = ((value << 5) | alphabet.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238: HMAC-SHA1 over the 30-second step, dynamic truncation, 6 digits. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * A cookie-authenticated API call made by the page itself (Node cannot resolve *.localhost, the
 * browser can), with the CSRF header the portal sends.
 */
async function callApi(page: Page, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the server answered
  return page.evaluate(
    async ([url, payload]) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('portal_csrf='))?.slice('portal_csrf='.length) ?? '';
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    [`/api/v1${path}`, body] as const,
  );
}

test.describe.configure({ mode: 'serial' });

test('sign-in asks for the authenticator code once two-factor is on, and a replayed code is refused', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2Fprofile`);
  await signIn(page, member, demoPassword);
  await expect(page).toHaveURL(/\/portal\/profile$/);

  // Turn it on in the profile's two-factor panel.
  const panel = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(panel.getByText('Off', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Enable' }).click();
  await panel.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd');
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByText('Password incorrect, try again')).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill(demoPassword);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await panel.getByLabel('Secret key', { exact: true }).inputValue()).replace(/\s/g, '');
  const step = currentStep();
  await panel.getByLabel('Authentication code', { exact: true }).fill(totp(secret, step));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('Two-factor authentication enabled')).toBeVisible();
  const recoveryCodes = ((await panel.getByRole('group', { name: 'Recovery codes' }).textContent()) ?? '').match(/[a-z2-9]{5}-[a-z2-9]{5}/g) ?? [];
  expect(recoveryCodes).toHaveLength(10);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByText('On', { exact: true })).toBeVisible();

  // Sign out, then the password alone is not enough.
  await callApi(page, '/auth/logout');
  await page.context().clearCookies();
  await page.goto(`${acme}/portal/login`);
  await signIn(page, member, demoPassword);
  const codeStep = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(codeStep).toBeVisible();
  expect((await page.context().cookies(acme)).some((c) => c.name === 'portal_session')).toBe(false);

  // The code of the next step is within the one-step window and newer than the one that enabled it.
  const code = totp(secret, step + 1);
  await codeStep.getByLabel('Authentication code', { exact: true }).fill(code);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/portal\/login/);
  await expect(page.getByText('Login successful').first()).toBeVisible();

  // The same code in a new sign-in is refused.
  await callApi(page, '/auth/logout');
  await page.context().clearCookies();
  await page.goto(`${acme}/portal/login`);
  await signIn(page, member, demoPassword);
  await codeStep.getByLabel('Authentication code', { exact: true }).fill(code);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(codeStep.getByRole('alert')).toHaveText('Invalid code, try again');
  await expect(page).toHaveURL(/\/portal\/login/);

  // A recovery code gets in instead.
  await codeStep.getByRole('button', { name: 'Use a recovery code' }).click();
  await codeStep.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[0]!);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/portal\/login/);
});
