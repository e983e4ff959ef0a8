// The portal as an authorization server (apps/server/src/oauth), in a real browser: the platform
// administrator creates a developer client, then, signed out, arrives from the client's
// authorization request, signs in, sees the consent screen with the scopes in words, authorises,
// and the browser lands on the client's redirect URI with a code; the code buys a token that
// /api/v1 accepts as Bearer.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { admin, fromServerAt, platformOrigin, signIn, signInAsPlatformAdmin } from './support';

const redirectUri = 'http://127.0.0.1:9/callback';

/** A request from the client's server: to the portal on loopback, with the platform's host. */
const fromServer = (method: string, path: string, headers: Record<string, string>, body?: string) => fromServerAt(platformOrigin, method, path, headers, body);

/** A call from inside the page (Node cannot resolve *.localhost; the browser can). */
const call = (page: Page, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  page.evaluate(
    async ({ path, init }) => {
      const csrf = /(?:^|; )portal_csrf=([^;]+)/.exec(document.cookie)?.[1];
      const headers = { ...(csrf && init.method && !init.headers?.authorization ? { 'x-csrf-token': csrf } : {}), ...init.headers };
      const response = await fetch(path, { ...init, headers, credentials: init.headers?.authorization ? 'omit' : 'same-origin' });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    { path, init },
  );

test('a signed-out visitor signs in, authorises a developer client and the client gets a working token', async ({ page }) => {
  await signInAsPlatformAdmin(page, platformOrigin);
  const created = await call(page, '/api/v1/dev-clients', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Reporting app', redirectUris: [redirectUri] }) });
  expect(created.status).toBe(201);
  const clientId = (created.body!.client as { clientId: string }).clientId;
  const secret = created.body!.secret as string;
  await call(page, '/api/v1/auth/logout', { method: 'POST' });
  await page.context().clearCookies();

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid profile meetings:read', code_challenge: challenge, code_challenge_method: 'S256', state: 'e2e-state' });
  await page.goto(`${platformOrigin}/oidc/auth?${query}`);
  // Signed out: the Slack authorization flag sends the visitor to login, then back to consent.
  await page.waitForURL(/\/portal\/login/);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Authorize Reporting app' })).toBeVisible();
  const permissions = page.getByRole('list', { name: 'Requested permissions' });
  await expect(permissions.getByText('View meetings', { exact: true })).toBeVisible();
  await expect(permissions.getByText('View user information')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();

  let landed: URL | undefined;
  await page.route('http://127.0.0.1:9/**', async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'client callback' });
  });
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect.poll(() => landed?.searchParams.get('code') ?? null).not.toBeNull();
  expect(landed!.searchParams.get('state')).toBe('e2e-state');

  // The client's own server redeems the code (a confidential client, no browser involved).
  const basic = `Basic ${Buffer.from(`${clientId}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: landed!.searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: verifier }).toString();
  const token = await fromServer('POST', '/oidc/token', { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, form);
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const bearer = { authorization: `Bearer ${token.body!.access_token as string}` };
  // The profile (scope profile) as the signed-in person; /me is the browser session's own call.
  expect((await fromServer('GET', '/api/v1/me/profile', bearer)).body).toMatchObject({ email: admin.email });
  // Its scopes do not reach the platform's tenants, whatever the administrator may do.
  expect((await fromServer('GET', '/api/v1/tenants', bearer)).status).toBe(403);
});
