// External sign-in through a real OpenID provider: tooling/scripts/e2e-oidc.mjs runs panva's
// oidc-provider on loopback and adds it to the demo tenant as its Google sign-in. The browser
// goes to the provider's own login and consent pages and comes back to the portal signed in.
import { expect, test, type Page } from '@playwright/test';

const acme = `http://acme.portal.localhost:${process.env.E2E_PORT}`;
const issuer = process.env.E2E_OIDC_ISSUER ?? '';

/** GET /api/v1/me from inside the page (Node cannot resolve *.localhost; the browser can). */
const currentUser = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/v1/me');
    return { status: response.status, body: response.ok ? ((await response.json()) as { email: string; role: string }) : null };
  });

async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // Consent: the provider asks once whether the portal may have the profile and email.
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('signing in with the provider links the account with the same verified email and lands signed in', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signInAtProvider(page, 'zoe');
  await page.waitForURL(`${acme}/portal/landing-page`);
  expect(await currentUser(page)).toMatchObject({ status: 200, body: { email: 'zoe.dupont@acme.test', role: 'member' } });
});

test('a provider account without a portal account is sent back to the login page with the reason', async ({ page }) => {
  await page.goto(`${acme}/portal/login`);
  await signInAtProvider(page, 'stranger');
  await page.waitForURL(`${acme}/portal/login?error=signup_closed`);
  await expect(page.getByRole('alert')).toHaveText('There is no account for this sign-in, and sign-up with external accounts is not open here.');
  expect((await currentUser(page)).status).toBe(401);
});
