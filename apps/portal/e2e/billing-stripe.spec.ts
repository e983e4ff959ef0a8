// The card purchase through the Stripe adapter end to end. Stripe cannot be reached from here:
// tooling/scripts/e2e.mjs runs the stand-in of apps/server/test/stripe-stand-in.ts and points the
// server's Stripe SDK at it (PORTAL_STRIPE_API_URL). The platform administrator saves the payment
// settings (keys and the webhook secret), acme's account administrator buys by card and is sent to
// the stand-in's checkout page; paying there completes the session and posts the signed
// checkout.session.completed webhook to the portal, which alone makes the plan active and its
// invoice paid (the browser coming back activates nothing).
import { expect, test } from '@playwright/test';
import { fillPurchase } from './billing-support.ts';
import { admin, demoPassword, platformOrigin, signIn, tenantOrigin } from './support.ts';

const webhookSecret = process.env.E2E_STRIPE_WEBHOOK_SECRET ?? '';

test('buy a plan by card through Stripe: the signed webhook makes it active and its invoice paid', async ({ browser }) => {
  test.skip(!webhookSecret, 'Needs the Stripe stand-in that tooling/scripts/e2e.mjs starts');
  // Three people sign in and a payment goes round the stand-in: 32 s alone, and CI's run
  // passed 60 s (on its last page) while another suite loaded the machine.
  test.slow();

  // The payment settings: Stripe with its keys and webhook secret.
  const platform = await browser.newPage();
  await platform.goto(`${platformOrigin}/portal/login?redirect=%2Fstripeconfig-config`);
  await signIn(platform, admin.email, admin.password);
  await expect(platform.getByRole('heading', { name: 'Payment provider' })).toBeVisible();
  const settings = platform.getByRole('main');
  await settings.getByRole('combobox', { name: /^Payment provider/ }).click();
  await platform.getByRole('option', { name: 'Stripe', exact: true }).click();
  await settings.getByRole('textbox', { name: /^Publishable key/ }).fill('pk_test_e2e');
  await settings.getByLabel(/^Secret key/).fill('sk_test_e2e');
  await settings.getByLabel(/^Webhook secret/).fill(webhookSecret);
  const saved = platform.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/settings/payment'));
  await settings.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  // acme's account administrator buys two Webinar 500 licences by card.
  const buyer = await browser.newPage();
  await buyer.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fpurchase-plan`);
  await signIn(buyer, 'priya.raman@acme.test', demoPassword);
  await fillPurchase(buyer, { plan: 'Webinar · Webinar 500', licences: 2, cycle: 'Monthly', currency: 'EUR' });
  await expect(buyer.getByText('Total: €56.00')).toBeVisible();
  await buyer.getByRole('radio', { name: 'Card' }).check();
  await buyer.getByRole('button', { name: 'Proceed to pay' }).click();

  // Stripe's checkout (the stand-in's page): still pending in the portal until the webhook.
  await expect(buyer.getByRole('heading', { name: 'Pay €56.00' })).toBeVisible();
  expect(new URL(buyer.url()).pathname).toMatch(/^\/c\/pay\/cs_test_\d+$/);
  const pending = await browser.newPage();
  await pending.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fbilling%2Fpending`);
  await signIn(pending, 'priya.raman@acme.test', demoPassword);
  await expect(pending.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Webinar 500/ })).toContainText('Pending');
  await pending.close();

  // Pay: the stand-in posts the signed webhook, then Stripe sends the browser back.
  await buyer.getByRole('button', { name: 'Pay' }).click();
  await expect(buyer.getByRole('heading', { name: 'Purchased plan is under processing...' })).toBeVisible();
  const invoiceId = new URL(buyer.url()).searchParams.get('invoice');
  expect(invoiceId).toMatch(/^[0-9a-f-]{36}$/);

  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/plan`);
  const current = buyer.getByRole('table', { name: 'Current Plans' }).getByRole('row', { name: /Webinar 500/ });
  await expect(current).toContainText('Active');
  await expect(current).toContainText('€56.00');

  // Its invoice is paid by card, in Invoice history.
  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/invoice`);
  const invoices = buyer.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ hasText: '€56.00' }).first()).toContainText('Paid');
  await expect(buyer.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: `pi_cs_test_` }).first()).toContainText('€56.00');
});
