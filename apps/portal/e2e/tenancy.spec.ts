// The tenant comes from the host: the demo tenant's administrator signs in at its own host and
// sees only its own users; a member of the tenant is kept out of the Users screen.
import { expect, test } from '@playwright/test';
import { admin, demoPassword, signIn } from './support.ts';

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;

test('a tenant administrator at the tenant host sees only that tenant’s users', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2Fuser`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /admin@acme\.test/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('zoe');
  await expect(page.getByRole('row', { name: /zoe\.dupont@acme\.test/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(admin.email);
  await expect(page.getByText('No results..')).toBeVisible();
});

test('the platform administrator’s account does not exist at the tenant host', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText('Incorrect Email or Password').first()).toBeVisible();
});

test('a member cannot open the Users screen: the login page says the account cannot open it', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2Fuser`);
  await signIn(page, 'zoe.dupont@acme.test', demoPassword);
  await expect(page).toHaveURL(/\/portal\/login\?denied=1$/);
  await expect(page.getByText(/Your account cannot open that page/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the users list and the menu drawer work at phone width', async ({ page }) => {
    await page.goto(`${acme}/portal/login?redirect=%2Fuser`);
    await signIn(page, 'admin@acme.test', demoPassword);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row', { name: /admin@acme\.test/ })).toBeVisible();
    await page.getByRole('button', { name: /open navigation|menu/i }).first().click();
    await expect(page.getByRole('link', { name: 'Users' }).first()).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'the page itself does not scroll sideways').toBeLessThanOrEqual(375);
  });
});
