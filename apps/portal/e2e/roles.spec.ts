// Roles against the real server: acme's tenant administrator creates a role with a chosen
// permission set, gives it (alone) to a demo member through the Users screen, and that member's
// side menu then shows exactly what those permissions (and the member role group) allow.
import { expect, test } from '@playwright/test';
import { demoPassword, expectSnackbar, giveOnlyRole, permissionCheckbox, signIn } from './support.ts';

test.describe.configure({ mode: 'serial' });

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;
const holder = 'hugo.bernard@acme.test';
const roleName = `E2E viewers ${Date.now()}`;
const granted = ['user.profile.get', 'meeting.open.get', 'roles.get'];

test('a tenant administrator creates a role and gives it to a member', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2FRoles`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'tenantadmin', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/portal\/Roles\/create-role$/);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: /^Role name/ }).fill(roleName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Profile, open meetings and roles only');
  // Only grantable permissions are offered: a tenant administrator never sees client.get.
  // The tree reads as words: a permission string is the checkbox's value, not its name.
  await expect(page.getByRole('checkbox', { name: 'View roles', exact: true })).toBeVisible();
  await expect(permissionCheckbox(page, 'roles.get')).toBeVisible();
  await expect(permissionCheckbox(page, 'client.get')).toHaveCount(0);
  for (const permission of granted) await permissionCheckbox(page, permission).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnackbar(page, 'Role created successfully');
  await expect(page).toHaveURL(/\/portal\/Roles$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('E2E viewers');
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();

  await giveOnlyRole(page, acme, holder, roleName);
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();
});

test('the role holder sees exactly the menu its permissions allow', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signIn(page, holder, demoPassword);
  await expect(page).toHaveURL(/\/portal\/landing-page$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Roles' })).toBeVisible();
  await nav.getByRole('button', { name: 'Meetings' }).click();
  await expect(nav.getByRole('link', { name: 'Open meetings' })).toBeVisible();
  const links = (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim()).sort();
  expect(links).toEqual(['Open meetings', 'Profile', 'Roles']);

  // roles.get alone: the list shows, without any write action.
  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete all' })).toHaveCount(0);
});
