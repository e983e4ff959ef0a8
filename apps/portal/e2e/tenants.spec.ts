// The tenant journey against the real server: the platform administrator creates tenant `zeta`
// with its administrator; zeta's own host shows its brand on the login page and its administrator
// signs in there; once the platform administrator deletes zeta, its host no longer signs anyone in.
import { expect, test, type Browser } from '@playwright/test';
import { expectSnackbar, signIn, signInAsPlatformAdmin, tenantOrigin } from './support.ts';

const zeta = tenantOrigin('zeta');
const zetaAdmin = { email: 'boss@zeta.example', password: 'Zeta-Passw0rd' };

test.describe.configure({ mode: 'serial' });

async function platformPage(browser: Browser) {
  const page = await browser.newPage();
  await signInAsPlatformAdmin(page);
  return page;
}

test('the platform administrator creates tenant zeta with its administrator', async ({ browser }) => {
  const page = await platformPage(browser);
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tenant' });
  await dialog.getByLabel('Tenant Name').fill('Zeta Corporation');
  await dialog.getByLabel('Subdomain').fill('www');
  await dialog.getByLabel('Brand name').fill('Zeta Meet');
  await dialog.getByLabel('Tenant Admin Email').fill(zetaAdmin.email);
  await dialog.getByLabel('First Name').fill('Zora');
  await dialog.getByLabel('Last Name').fill('Zeller');
  await dialog.getByRole('radio', { name: 'Set password' }).check();
  await dialog.getByLabel('New password').fill(zetaAdmin.password);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter a valid subdomain')).toBeVisible();
  await dialog.getByLabel('Subdomain').fill('zeta');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectSnackbar(page, 'Tenant created successfully');
  const info = page.getByRole('dialog', { name: 'Sign-in information' });
  await expect(info.getByRole('textbox', { name: 'Email' })).toHaveValue(zetaAdmin.email);
  await info.getByRole('button', { name: 'Close' }).first().click();
  const row = page.getByRole('row', { name: /zeta/ });
  await expect(row).toContainText('Zora Zeller');
  await expect(row).toContainText(zetaAdmin.email);
  await page.close();
});

test("zeta's host shows its brand and signs its administrator in", async ({ page }) => {
  await page.goto(`${zeta}/portal/login?redirect=%2Ftenant`);
  await expect(page.getByText('Zeta Meet', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Zeta Meet');
  await signIn(page, zetaAdmin.email, zetaAdmin.password);
  await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
  await expect(page.getByRole('row', { name: /zeta/ })).toBeVisible();
  // A tenant administrator sees only its own tenant, and cannot create or delete tenants.
  await expect(page.getByRole('row', { name: /acme/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
});

// A 2×1 PNG, built here so the test needs no fixture file.
const logoPng = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000010806000000f4227f8a0000000e49444154789c63f8cfc0f01f840111f703fde3c5f5ef0000000049454e44ae426082',
  'hex',
);

test("the platform administrator brands zeta: its sign-in page shows the logo and the theme colour", async ({ browser, page }) => {
  const platform = await platformPage(browser);
  await platform.getByRole('row', { name: /zeta/ }).getByRole('link', { name: /Zeta Corporation/ }).click();
  await platform.getByRole('tab', { name: 'Branding' }).click();
  const slot = platform.getByRole('group', { name: 'Black logo' });
  const chooser = platform.waitForEvent('filechooser');
  await slot.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await expectSnackbar(platform, 'Image uploaded successfully');
  await expect(slot.getByRole('img', { name: 'Black logo' })).toBeVisible();

  await platform.getByRole('tab', { name: 'Theme' }).click();
  const themeChooser = platform.waitForEvent('filechooser');
  await platform.getByRole('button', { name: 'Upload theme file' }).click();
  await (await themeChooser).setFiles({ name: 'theme.txt', mimeType: 'text/plain', buffer: Buffer.from('primary: red') });
  await expect(platform.getByText('Supports only json format')).toBeVisible();
  const goodChooser = platform.waitForEvent('filechooser');
  await platform.getByRole('button', { name: 'Upload theme file' }).click();
  await (await goodChooser).setFiles({ name: 'zeta.json', mimeType: 'application/json', buffer: Buffer.from('{"lite": {"primary": "#0b7285"}}') });
  await expectSnackbar(platform, 'Theme updated successfully');
  await platform.close();

  await page.goto(`${zeta}/portal/login`);
  const logo = page.getByRole('img', { name: 'Zeta Meet' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim())).toBe('#0b7285');
});

test('once deleted, zeta no longer signs anyone in at its host', async ({ browser, page }) => {
  const platform = await platformPage(browser);
  const row = platform.getByRole('row', { name: /zeta/ });
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = platform.getByRole('dialog', { name: 'Delete tenant' });
  await expect(confirm.getByText('Are you sure you want to delete the tenant ?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(platform, 'Tenant deleted successfully');
  await expect(platform.getByRole('row', { name: /zeta/ })).toHaveCount(0);
  await platform.close();

  await page.goto(`${zeta}/portal/login`);
  await expect(page.getByText('Zeta Meet', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  // The API at zeta's host refuses its former administrator too (the browser resolves *.localhost; Node does not).
  const status = await page.evaluate(async (credentials) => {
    const response = await fetch('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
    return response.status;
  }, zetaAdmin);
  expect(status).toBe(404);
});
