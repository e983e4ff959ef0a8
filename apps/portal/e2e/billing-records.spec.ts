// The tenant detail's billing records against the real server: acme's administrator opens its
// operational dashboard and reads the demo subscriptions and payments the first start stored,
// with the money written in the currency and the declined payment's remark.
import { expect, test } from '@playwright/test';
import { demoPassword, signIn, tenantOrigin } from './support.ts';

test("acme's administrator reads its subscriptions and transactions", async ({ page }) => {
  await page.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Foperational-dashboard`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Acme Corporation' })).toBeVisible();

  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
  // The demo's Business subscription by its licences and cycle: the billing-engine spec, which may
  // run before this one on the same server, buys another Business plan for acme.
  const business = subscriptions.getByRole('row', { name: /Business 50 Monthly/ });
  await expect(business).toContainText('Meeting');
  await expect(business).toContainText('Active');
  await expect(business).toContainText('$600.00');
  await expect(subscriptions.getByRole('row', { name: /Webinar 500/ })).toContainText('Cancelled');

  await page.getByRole('tab', { name: 'Transactions' }).click();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  // By its own id cell: the bank transfer's remark names the declined payment too.
  const declined = transactions.getByRole('row').filter({ has: page.getByRole('cell', { name: 'pi_acme_declined_01', exact: true }) });
  await expect(declined).toContainText('Failed');
  await expect(declined).toContainText('Card declined: insufficient funds');
  await expect(transactions.getByRole('row', { name: /bt_acme_0001/ })).toContainText('Bank transfer');
});
