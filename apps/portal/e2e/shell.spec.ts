// The shell's measures from the spec (section 2 'Layout', section 9): the navbar is 280 wide
// unfolded and 64 folded, the settings panel 380 wide, and snackbars show at the top right.
import { expect, test, type Locator } from '@playwright/test';
import { demoPassword, signIn } from './support.ts';

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;

async function width(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return Math.round(box.width);
}

test('navbar 280 / 64, settings panel 380, snackbar top right', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signIn(page, 'chloe.lefevre@acme.test', demoPassword);

  const snackbar = page.getByText('Login successful', { exact: true }).first();
  await expect(snackbar).toBeVisible();
  const box = (await snackbar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 120);
  expect(box.y).toBeLessThan(120);
  // Once the shell is up it sits below the header, so it never covers the language and account
  // menus. Polled: the shell loads after the sign-in that raised the snackbar, and the header's
  // height only exists from then on.
  const header = page.locator('.mantine-AppShell-header');
  await expect
    .poll(async () => {
      const [bar, top] = await Promise.all([snackbar.boundingBox(), header.boundingBox()]);
      return bar && top ? bar.y - (top.y + top.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);

  const navbar = page.locator('.mantine-AppShell-navbar');
  await expect.poll(() => width(navbar)).toBe(280);
  await page.getByRole('button', { name: 'Fold navigation' }).click();
  // Move away so hovering does not expand the folded navbar again.
  await page.mouse.move(viewport.width - 10, viewport.height - 10);
  await expect.poll(() => width(navbar)).toBe(64);
  // The fold is saved for this user: put it back for whoever signs in next.
  await page.getByRole('button', { name: 'Unfold navigation' }).click();
  await expect.poll(() => width(navbar)).toBe(280);

  await page.getByRole('button', { name: 'Theme settings' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect.poll(() => width(panel)).toBe(380);
});
