// Shared steps of the end-to-end tests: the platform's and the tenants' hosts, signing in through
// the real login screen (a generated password's replacement too), the sign-in information shown
// once, and reading the mails the loopback SMTP server (tooling/scripts/e2e.mjs) received.
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';

export const admin = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
export const demoPassword = process.env.E2E_DEMO_PASSWORD ?? '';

const port = process.env.E2E_PORT ?? '';
/**
 * The platform's own host under a domain (`portal.localhost` has no realm label, so it is
 * `system`): links the server hands out from there name a tenant's host, `<sname>.portal.localhost`.
 * From bare `localhost` they cannot, and point back at the platform.
 */
export const platformOrigin = `http://portal.localhost:${port}`;
/** A tenant's own host; the browser resolves every `*.localhost` to this machine. */
export const tenantOrigin = (sname: string) => `http://${sname}.portal.localhost:${port}`;

/** Fills the login form and presses Login, without waiting for anything (the form may refuse it itself). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Signs in through the login form and waits for the server's answer, whatever it is: until then
 * the session does not exist, and a test that navigates at once would abort the sign-in.
 */
export async function signIn(page: Page, email: string, password: string) {
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/auth/login');
  await submitLogin(page, email, password);
  await answered;
}

/** Signs the platform administrator in at `origin` (the test's base URL when empty) and opens the Tenants screen. */
export async function signInAsPlatformAdmin(page: Page, origin = '') {
  await page.goto(`${origin}/portal/login?redirect=%2Ftenant`);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
}

/**
 * A first sign-in with a generated password: the portal asks for a new one (change password on
 * sign-in), then back at login the new one signs in.
 */
export async function signInReplacingPassword(page: Page, email: string, generated: string, chosen: string) {
  await signIn(page, email, generated);
  await expect(page).toHaveURL(/\/portal\/auth\/reset-password$/);
  await page.getByLabel('New password').fill(chosen);
  await page.getByLabel('Retype password').fill(chosen);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectSnackbar(page, 'Password updated successfully');
  await expect(page).toHaveURL(/\/portal\/login$/);
  await signIn(page, email, chosen);
}

export type SignInInfo = { email: string; password: string; url: string };

/** Reads the sign-in information shown once after a user or a tenant is created, and closes it. */
export async function takeSignInInfo(page: Page): Promise<SignInInfo> {
  const info = page.getByRole('dialog', { name: 'Sign-in information' });
  await expect(info).toBeVisible();
  const read = (name: string) => info.getByRole('textbox', { name, exact: true }).inputValue();
  const taken = { email: await read('Email'), password: await read('Password'), url: await read('Sign-in URL') };
  await info.getByRole('button', { name: 'Done' }).click();
  await expect(info).toHaveCount(0);
  return taken;
}

/** Decodes a raw RFC 5322 message enough to read its text: quoted-printable soft breaks and escapes. */
function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAILBOX ?? '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'));
      if (new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

export async function expectSnackbar(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * The role form's checkbox of one permission string: its accessible name is the translated label
 * ("View roles"), and the permission string (`roles.get`) is its value.
 */
export function permissionCheckbox(page: Page, permission: string) {
  return page.getByRole('checkbox').and(page.locator(`input[value="${permission}"]`));
}

/**
 * On the Users screen at `origin`, gives the demo member `email` the role `roleName` in place of
 * its member role (clicking a chosen option unselects it), and waits for the save.
 */
export async function giveOnlyRole(page: Page, origin: string, email: string, roleName: string) {
  await page.goto(`${origin}/portal/user`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'member', exact: true }).click();
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'User details edited');
}

/**
 * A request from an app's own server (a client redeeming a code, the Google add-on calling the API):
 * to the portal on loopback with `origin`'s host, since Node cannot resolve *.localhost.
 */
export function fromServerAt(origin: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(process.env.E2E_PORT), method, path, headers: { host: new URL(origin).host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : null });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}
