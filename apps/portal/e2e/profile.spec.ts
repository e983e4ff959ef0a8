// The profile screen against the real server: a demo member renames themselves (the user menu
// follows), uploads a picture, ends the session of another browser, and switches the portal to
// French from the profile, which applies at once.
import { expect, test } from '@playwright/test';
import { demoPassword, expectSnackbar, signIn } from './support.ts';

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;
const member = 'kenji.watanabe@acme.test';

// A real 1×1 PNG, so the browser can decode and crop it before the upload.
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('profile: display name in the user menu, picture, ending another session, French at once', async ({ browser }) => {
  // Another browser signed in as the same person: its session is the one ended below.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(`${acme}/portal/login`);
  await signIn(other, member, demoPassword);
  await other.waitForURL((url) => !url.pathname.endsWith('/login'));

  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' });
  const page = await context.newPage();
  await page.goto(`${acme}/portal/profile`);
  await page.waitForURL(/\/portal\/login/);
  await signIn(page, member, demoPassword);
  await page.waitForURL(`${acme}/portal/profile`);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // Display name → the user menu shows it.
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Display name').fill('Kenji W.');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expectSnackbar(page, 'Display name updated successfully');
  await expect(page.getByRole('button', { name: 'Account menu for Kenji W.' })).toBeVisible();

  // Picture: uploaded, served by the API, shown on the page.
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
  await expectSnackbar(page, 'Profile picture updated successfully');
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute('src', /\/api\/v1\/profile-pictures\/.+\.png$/);
  await expect(page.getByRole('button', { name: 'Delete picture' })).toBeVisible();

  // End the other browser's session: it is signed out.
  const otherSession = page.getByRole('button', { name: /^End session on (?!Firefox on Linux)/ });
  await expect(page.getByText('This device')).toBeVisible();
  await otherSession.first().click();
  await expectSnackbar(page, 'Session ended');
  // Node cannot resolve *.localhost, the browser can: ask from inside the other page.
  expect(await other.evaluate(async () => (await fetch('/api/v1/me')).status)).toBe(401);
  expect(await page.evaluate(async () => (await fetch('/api/v1/me')).status)).toBe(200);

  // French from the profile applies to the whole portal without a reload.
  const preferences = page.getByRole('form', { name: 'Preferences' });
  await preferences.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await preferences.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('heading', { name: 'Profil', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer les informations' })).toBeVisible();

  await otherContext.close();
  await context.close();
});
