// Accounts by email against the real server and the loopback SMTP sink: register → mail → create
// password → sign in; forgot password → mail → reset → sign in with the new password; a used
// link says so and offers a new one.
import { expect, test, type Page } from '@playwright/test';
import { expectSnackbar, signIn, waitForMail } from './support.ts';

test.describe.configure({ mode: 'serial' });
// Self sign-up exists only where a tenant allows it: the demo tenant does, the platform realm never by default.
test.use({ baseURL: `http://acme.portal.localhost:${process.env.E2E_PORT}` });

const stamp = Date.now();
const newcomer = { email: `e2e.signup.${stamp}@portal.localhost`, first: 'Nora', last: 'Newcomer', password: 'Chosen1pass' };

/** The first link to `path` in a decoded mail, made relative so it opens on the test's own origin. */
function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/.]/g, '\\$&')}\\?token=[A-Za-z0-9_%-]+`).exec(mail);
  if (!match) throw new Error(`No ${path} link in the mail:\n${mail}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

async function expectSignedInLanding(page: Page) {
  await expect(page).toHaveURL(/\/portal\/landing-page$/);
  await expectSnackbar(page, 'Login successful');
}

test('sign-up page → register → mail → create password → sign in', async ({ page }) => {
  await page.goto('/portal/signup');
  await expect(page.getByText(/Terms of Service/)).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/portal\/register$/);

  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter a valid email')).toBeVisible();

  await page.getByLabel('Work email').fill(newcomer.email);
  await page.getByLabel('First name').fill(newcomer.first);
  await page.getByLabel('Last name').fill(newcomer.last);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectSnackbar(page, 'Registration Successful');
  await expect(page).toHaveURL(/\/portal\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
  await expect(page.getByText(newcomer.email)).toBeVisible();

  const mail = await waitForMail(newcomer.email);
  expect(mail).toContain('CREATE PASSWORD');
  await page.goto(linkIn(mail, '/portal/create-password'));
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Retype password').fill('other');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page.getByText('Password must contain at least 6 characters, including upper case/ lower case and numbers')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password').fill(newcomer.password);
  await page.getByLabel('Retype password').fill(newcomer.password);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expectSnackbar(page, 'Password created successfully');
  await expect(page).toHaveURL(/\/portal\/login$/);

  await signIn(page, newcomer.email, newcomer.password);
  await expectSignedInLanding(page);

  // The same link a second time: refused, with a new link from Forgot password (the password exists).
  await page.context().clearCookies();
  await page.goto(linkIn(mail, '/portal/create-password'));
  await page.getByLabel('New password').fill('Other1pass');
  await page.getByLabel('Retype password').fill('Other1pass');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/portal\/forgot-password$/);
});

test('registering the same address again says it is already registered', async ({ page }) => {
  await page.goto('/portal/register');
  await page.getByLabel('Work email').fill(newcomer.email);
  await page.getByLabel('First name').fill(newcomer.first);
  await page.getByLabel('Last name').fill(newcomer.last);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Email already registered')).toBeVisible();
});

test('forgot password → mail → reset → sign in with the new password; the link works once', async ({ page }) => {
  await page.goto('/portal/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/portal\/forgot-password$/);
  await page.getByLabel('Email').fill(newcomer.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectSnackbar(page, 'Password reset link sent successfully');

  // The address received the sign-up mail before: wait for the one carrying a reset link.
  const mail = await waitForMail(`${newcomer.email}[\\s\\S]*auth/reset-password`);
  const link = linkIn(mail, '/portal/auth/reset-password');
  await page.goto(link);
  await page.getByLabel('New password').fill('Renewed1pass');
  await page.getByLabel('Retype password').fill('Renewed1pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectSnackbar(page, 'Password updated successfully');
  await expect(page).toHaveURL(/\/portal\/login$/);

  await signIn(page, newcomer.email, newcomer.password);
  await expect(page.getByText('Incorrect Email or Password').first()).toBeVisible();
  await signIn(page, newcomer.email, 'Renewed1pass');
  await expectSignedInLanding(page);

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('Another1pass');
  await page.getByLabel('Retype password').fill('Another1pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/portal\/forgot-password$/);
});
