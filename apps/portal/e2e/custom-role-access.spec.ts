// Custom roles against the real server (issue 16 section 2): acme's tenant administrator creates a
// role holding "View users" (an admin-level permission) and "View profile", gives it alone to a
// demo member, and that member then sees Users in the menu and can open it, and no other admin
// screen: the menu, the route guards and the API decide from the same role groups. Without "Edit
// profile" the member's profile is read-only.
import { expect, test } from '@playwright/test';
import { demoPassword, expectSnackbar, giveOnlyRole, permissionCheckbox, signIn } from './support.ts';

test.describe.configure({ mode: 'serial' });

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;
const holder = 'omar.haddad@acme.test';
const roleName = `E2E user viewers ${Date.now()}`;

test('a tenant administrator creates a role that views users and gives it to a member', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2FRoles%2Fcreate-role`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page).toHaveURL(/\/portal\/Roles\/create-role$/);
  await page.getByRole('textbox', { name: /^Role name/ }).fill(roleName);
  // The form says which role group a permission puts the role in.
  await expect(permissionCheckbox(page, 'user.get')).toHaveAccessibleDescription('Admin role group');
  await permissionCheckbox(page, 'user.get').check();
  await permissionCheckbox(page, 'user.profile.get').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnackbar(page, 'Role created successfully');
  await expect(page).toHaveURL(/\/portal\/Roles$/);

  await giveOnlyRole(page, acme, holder, roleName);
});

test('the member sees Users and opens it, and no other admin screen', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signIn(page, holder, demoPassword);
  await expect(page).toHaveURL(/\/portal\/landing-page$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  // The landing page offers only what the role may do: this one cannot schedule meetings.
  await expect(page.getByRole('link', { name: 'View profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule a meeting' })).toHaveCount(0);
  // The audit and email logs are gated as Users is (user.get, admin group); nothing else is held.
  const links = (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim()).sort();
  expect(links).toEqual(['Audit log', 'Email log', 'Profile', 'Users']);

  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/portal\/user$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('zoe.dupont');
  await expect(page.getByRole('row', { name: /zoe\.dupont@acme\.test/ })).toBeVisible();

  // Every other admin screen is refused as the spec says: to login, saying the account cannot open it.
  for (const path of ['dashboard', 'live-meeting', 'Roles', 'tenant', 'billing/invoice']) {
    await page.goto(`${acme}/portal/${path}`);
    await expect(page).toHaveURL(/\/portal\/login\?denied=1$/);
  }
});

test('without "Edit profile" the profile is read-only', async ({ page }) => {
  await page.goto(`${acme}/portal/login?redirect=%2Fprofile`);
  await signIn(page, holder, demoPassword);
  await expect(page).toHaveURL(/\/portal\/profile$/);
  await expect(page.getByText('Your role does not allow you to change your profile. Ask your administrator if something here needs to change.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save preferences' })).toHaveCount(0);
});
