// Shared steps of the end-to-end tests: signing in through the real login screen and reading
// the mails the loopback SMTP server (tooling/scripts/e2e.mjs) received.
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const admin = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
export const demoPassword = process.env.E2E_DEMO_PASSWORD ?? '';

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
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
