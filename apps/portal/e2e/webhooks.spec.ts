// Signed webhooks end to end (issue 14 sections 6 and 7): the platform administrator lets webhooks
// reach private addresses on the Webhooks configuration screen (the receiver here is on loopback);
// a tenant administrator registers an endpoint pointing at a receiver this spec starts, copies the
// secret shown once, sends a test event; the receiver checks the signature with the
// `standardwebhooks` package, and the delivery log shows the delivery as delivered.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { admin, demoPassword, expectSnackbar, platformOrigin, signIn, tenantOrigin } from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.end('ok');
  });
});
let receiverUrl = '';

test.beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hook`;
});

test.afterAll(() => {
  receiver.close();
});

test('a tenant administrator registers an endpoint, sends a test event and the receiver verifies its signature', async ({ page }) => {
  // The platform administrator allows private targets (loopback here), explained as an SSRF risk.
  const platform = page;
  await platform.goto(`${platformOrigin}/portal/login?redirect=%2Fwebhooks-config`);
  await signIn(platform, admin.email, admin.password);
  await platform.waitForURL(/\/portal\/webhooks-config$/);
  await expect(platform.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible({ timeout: 20_000 });
  const settings = platform.getByRole('main');
  await expect(settings.getByText(/server-side request forgery/)).toBeVisible();
  await settings.getByRole('switch', { name: 'Allow webhooks to private addresses' }).check();
  const saved = platform.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/settings/webhooks'));
  await settings.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await page.context().clearCookies();

  await page.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fwebhooks`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await page.waitForURL(/\/portal\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible({ timeout: 20_000 });
  // The menu item opens the screen too.
  await expect(page.getByRole('link', { name: 'Webhooks' })).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await form.getByRole('textbox', { name: /^Endpoint URL/ }).fill('not a url');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Enter an http or https URL, e.g. https://example.com/webhooks')).toBeVisible();
  await form.getByRole('textbox', { name: /^Endpoint URL/ }).fill(receiverUrl);
  await form.getByRole('textbox', { name: 'Description' }).fill('End-to-end receiver');
  // Not a meeting or recording event: the server's traffic simulator starts and records meetings in
  // acme all along, and their deliveries would fill the log this test expects empty (CI saw it).
  // Nothing in this test deletes a user.
  await form.getByRole('checkbox', { name: 'User deleted' }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Copy Signing secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(receiverUrl)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.getByRole('button', { name: `Delivery log of ${receiverUrl}` }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await expect(log.getByText('Nothing has been sent to this endpoint yet.')).toBeVisible();
  await log.getByRole('button', { name: 'Send test event' }).click();
  await expectSnackbar(page, 'Test event queued');

  // The running server's job queue polls every 2 s.
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
  const [delivery] = received;
  const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as { type: string; data: unknown };
  expect(verified).toMatchObject({ type: 'webhook.test', data: { message: 'A test event from the portal.' } });
  expect(() => new Webhook(`whsec_${Buffer.from('not the secret of this endpoint').toString('base64')}`).verify(delivery!.body, delivery!.headers as Record<string, string>)).toThrow();

  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(log.getByRole('cell', { name: '200' })).toBeVisible();
  await log.getByRole('button', { name: 'Show payload' }).click();
  await expect(log.getByLabel('Payload', { exact: true })).toContainText('"type": "webhook.test"');
});
