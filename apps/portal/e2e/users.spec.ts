// The foundation's user journey against the real server: deep link → login → back, create, edit,
// invite (mail → set password → sign in as the new user), delete, each bad-input message, Arabic
// right to left, logout.
import { expect, test } from '@playwright/test';
import { admin, expectSnackbar, signIn, submitLogin, waitForMail } from './support.ts';

const newUser = { email: `e2e.${Date.now()}@portal.localhost`, first: 'Amina', last: 'Karimova' };

test.describe.configure({ mode: 'serial' });

test('a deep link while signed out goes to login and back to the deep link', async ({ page }) => {
  await page.goto('/portal/user');
  await expect(page).toHaveURL(/\/portal\/login\?redirect=/);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/portal\/user$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('login refuses a malformed email and a wrong password with the spec messages', async ({ page }) => {
  await page.goto('/portal/login');
  await submitLogin(page, 'not-an-email', 'whatever');
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await signIn(page, admin.email, 'Wrong-Passw0rd');
  await expect(page.getByText('Incorrect Email or Password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/login/);
});

test.describe('as the super administrator', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/portal/login?redirect=%2Fuser');
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test('the add-user form shows each validation message and sends nothing', async ({ page }) => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill('nope');
    await dialog.getByLabel('First Name').fill('4');
    await dialog.getByLabel('Last Name').fill('!');
    await dialog.getByLabel('Set password').check();
    await dialog.getByLabel('New password').fill('abc');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Enter a valid email')).toBeVisible();
    await expect(dialog.getByText('Enter a valid first name')).toBeVisible();
    await expect(dialog.getByText('Enter a valid last name')).toBeVisible();
    await expect(dialog.getByText('Password must contain at least 6 characters, including upper case/ lower case and numbers')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('creates a user and shows the sign-in information once', async ({ page }) => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(newUser.email);
    await dialog.getByLabel('First Name').fill(newUser.first);
    await dialog.getByLabel('Last Name').fill(newUser.last);
    // The member role is preselected for a new user.
    await expect(dialog.getByText('member', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSnackbar(page, 'New user added');
    const info = page.getByRole('dialog', { name: 'Sign-in information' });
    await expect(info.getByRole('textbox', { name: 'Email' })).toHaveValue(newUser.email);
    await expect(info.getByRole('textbox', { name: 'Password' })).toHaveValue(/^.{16}$/);
    await info.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(newUser.email);
    await expect(page.getByRole('row', { name: new RegExp(newUser.email) })).toBeVisible();
  });

  test('refuses a duplicate email with the spec message', async ({ page }) => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(newUser.email);
    await dialog.getByLabel('First Name').fill('Other');
    await dialog.getByLabel('Last Name').fill('Person');
    // The member role is preselected for a new user.
    await expect(dialog.getByText('member', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Email already registered')).toBeVisible();
  });

  test('edits the user', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(newUser.email);
    const row = page.getByRole('row', { name: new RegExp(newUser.email) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await dialog.getByLabel('First Name').fill('Aminaxon');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'User details edited');
    await expect(page.getByRole('row', { name: new RegExp(newUser.email) })).toContainText('Aminaxon');
  });

  test('invites the user, whose mailed link sets a password they can sign in with', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(newUser.email);
    await page.getByRole('row', { name: new RegExp(newUser.email) }).getByRole('button', { name: 'Invite' }).click();
    await expectSnackbar(page, 'Invitation sent successfully');
    const mail = await waitForMail(newUser.email);
    const link = mail.match(/https?:\/\/\S+\/portal\/auth\/reset-password\?token=[\w-]+/)?.[0];
    expect(link, 'the invitation holds a set-password link').toBeTruthy();

    await page.context().clearCookies();
    await page.goto(link!);
    await page.getByLabel('New password').fill('Fresh-Passw0rd');
    await page.getByLabel('Retype password').fill('Fresh-Passw0rd');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectSnackbar(page, 'Password updated successfully');
    await expect(page).toHaveURL(/\/portal\/login/);
    await signIn(page, newUser.email, 'Fresh-Passw0rd');
    await expect(page).toHaveURL(/\/portal\/landing-page/);
    await expectSnackbar(page, 'Login successful');

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(link!);
    await page.getByLabel('New password').fill('Other-Passw0rd');
    await page.getByLabel('Retype password').fill('Other-Passw0rd');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This link has already been used.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
  });

  test('deletes the user after the spec confirmation', async ({ page }) => {
    await page.getByRole('searchbox', { name: 'Search' }).fill(newUser.email);
    await page.getByRole('row', { name: new RegExp(newUser.email) }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(dialog.getByText('Are you sure you want to delete the user ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectSnackbar(page, 'User deleted');
    await expect(page.getByText('No results..')).toBeVisible();
  });

  test('Arabic turns the page right to left, and logout ends the session', async ({ page }) => {
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitemradio', { name: /العربية/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

    await page.getByRole('button', { name: /Account menu|قائمة/ }).click();
    await page.getByRole('menuitem').last().click();
    await expect(page).toHaveURL(/\/portal\/login/);
    // The language survives logout; the session does not.
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/portal/user');
    await expect(page).toHaveURL(/\/portal\/login\?redirect=/);
  });
});
