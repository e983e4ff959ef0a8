// The billing engine end to end against the real server: acme's account administrator buys a plan
// by bank transfer (priced by the server, pending until paid), the platform administrator records
// the transfer from Invoice history, and the plan is active in Current plans with its invoice PDF
// downloadable by acme's administrator; then fewer licences show what they cost before saving, and cancelling says it
// ends at the end of the billing cycle. A purchase with a bundle shows it on the payment review and
// in Pending plans, and Upgrade replaces that pending purchase with a higher plan and a new invoice.
import { expect, test } from '@playwright/test';
import { fillPurchase } from './billing-support.ts';
import { demoPassword, expectSnackbar, platformOrigin, signIn, signInAsPlatformAdmin, tenantOrigin } from './support.ts';

test('buy a plan by bank transfer, pay it as the platform, see it active with its invoice', async ({ browser }) => {
  const buyer = await browser.newPage();
  await buyer.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fpurchase-plan`);
  await signIn(buyer, 'priya.raman@acme.test', demoPassword);
  await fillPurchase(buyer, { plan: 'Meeting · Starter', licences: 4, cycle: 'Monthly', currency: 'USD' });
  // Starter: $6.00 a licence a month, 4 licences.
  await expect(buyer.getByText('Total: $24.00')).toBeVisible();
  // The review is its own address: it survives a reload, and the back button returns to the same choices.
  expect(new URL(buyer.url()).pathname).toBe('/portal/payment-review');
  await buyer.reload();
  await expect(buyer.getByText('Total: $24.00')).toBeVisible();
  await buyer.goBack();
  await expect(buyer.getByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
  await expect(buyer.getByRole('combobox', { name: /^License/ })).toHaveValue('4');
  await buyer.goForward();
  await expect(buyer.getByText('Total: $24.00')).toBeVisible();
  await buyer.getByRole('button', { name: 'Proceed to pay' }).click();
  await expect(buyer.getByRole('heading', { name: 'Purchased plan is under processing...' })).toBeVisible();
  const number = new URL(buyer.url()).searchParams.get('number');
  expect(number).toMatch(/^INV-\d{6}$/);

  // Not active before the payment: pending.
  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/pending`);
  await expect(buyer.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Starter/ })).toContainText('Pending');

  const platform = await browser.newPage();
  await signInAsPlatformAdmin(platform, platformOrigin);
  await platform.goto(`${platformOrigin}/portal/billing/invoice`);
  const invoices = platform.getByRole('table', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ has: platform.getByRole('cell', { name: number!, exact: true }) });
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: 'Record payment' }).click();
  await platform.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expectSnackbar(platform, `Payment recorded for invoice ${number}`);
  await expect(row).toContainText('Paid');

  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/plan`);
  const current = buyer.getByRole('table', { name: 'Current Plans' }).getByRole('row', { name: /Starter/ });
  await expect(current).toContainText('Active');
  await expect(current).toContainText('$24.00');
  // The account administrator who bought it sees its invoice, paid, in Invoice history.
  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/invoice`);
  await expect(buyer.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ has: buyer.getByRole('cell', { name: number!, exact: true }) })).toContainText('Paid');

  // Invoice history is also the tenant administrators' (spec: admin group): acme's administrator downloads it.
  const owner = await browser.newPage();
  await owner.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fbilling%2Finvoice`);
  await signIn(owner, 'admin@acme.test', demoPassword);
  const paid = owner.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ has: owner.getByRole('cell', { name: number!, exact: true }) });
  await expect(paid).toContainText('Paid');
  const download = owner.waitForEvent('download');
  await paid.getByRole('button', { name: `Download invoice ${number}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const receipt = owner.waitForEvent('download');
  await paid.getByRole('button', { name: `Receipt of ${number}` }).click();
  expect((await receipt).suggestedFilename()).toBe(`${number}-receipt.pdf`);

  // Fewer licences: shown before saving, nothing charged now.
  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/plan`);
  const starter = buyer.getByRole('table', { name: 'Current Plans' }).getByRole('row', { name: /Starter/ });
  await starter.getByRole('button', { name: 'Edit Plan' }).click();
  await expect(buyer.getByRole('heading', { name: 'Edit Plan' })).toBeVisible();
  expect(new URL(buyer.url()).pathname).toBe('/portal/edit-plan');
  await buyer.reload();
  await buyer.getByLabel('License').fill('2');
  await expect(buyer.getByText(/Nothing is charged now\./)).toBeVisible();
  await buyer.goBack();
  await expect(buyer.getByRole('table', { name: 'Current Plans' })).toBeVisible();

  // Cancelling says when it takes effect.
  await starter.getByRole('button', { name: 'Cancel' }).click();
  const confirm = buyer.getByRole('dialog');
  await expect(confirm).toContainText('until the end of the billing cycle');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectSnackbar(buyer, 'Subscription cancelled. It ends at the end of the billing cycle.');
  await expect(starter).toContainText('Ends at cycle end');
});

test('buy a plan with a bundle, see it on the review and in Pending plans, and upgrade the pending plan', async ({ browser }) => {
  const buyer = await browser.newPage();
  await buyer.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fpurchase-plan`);
  await signIn(buyer, 'priya.raman@acme.test', demoPassword);
  await expect(buyer.getByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
  // Business (5 licences at least) offers the Cloud storage bundle, priced yearly: $240.00 a licence a year.
  await fillPurchase(buyer, { plan: 'Meeting · Business', licences: 5, cycle: 'Yearly', currency: 'USD', bundles: ['Storage bundle · Cloud storage 1 TB'] });
  const review = buyer.getByRole('table', { name: 'Payment Review' });
  await expect(review.getByRole('row', { name: /Storage bundle · Cloud storage 1 TB/ })).toContainText('$1,200.00');
  // (Business $120.00 + Cloud storage $240.00) × 5 licences.
  await expect(buyer.getByText('Total: $1,800.00')).toBeVisible();
  await buyer.getByRole('button', { name: 'Proceed to pay' }).click();
  await expect(buyer.getByRole('heading', { name: 'Purchased plan is under processing...' })).toBeVisible();
  const first = new URL(buyer.url()).searchParams.get('number');

  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/pending`);
  const pending = buyer.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Business/ });
  await expect(pending).toContainText('Cloud storage 1 TB');
  await expect(pending).toContainText('$1,800.00');

  // Upgrade: Enterprise (50 licences at least) keeps the bundle; the new total shows first, then replaces the pending purchase.
  await pending.getByRole('button', { name: 'Upgrade' }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Plan' }).click();
  await expect(buyer.getByRole('option', { name: 'Meeting · Starter' })).toHaveCount(0);
  await buyer.getByRole('option', { name: 'Meeting · Enterprise', exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: /Cloud storage 1 TB/ })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'License' })).toHaveValue('50');
  // (Enterprise $200.00 + Cloud storage $240.00) × 50 licences.
  await expect(dialog.getByText(/New total: \$22,000\.00 instead of \$1,800\.00\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upgrade' }).click();
  await expect(buyer.getByText(/Pending plan upgraded\. Invoice INV-\d{6} of \$22,000\.00 is waiting for payment\./)).toBeVisible();
  const upgraded = buyer.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Enterprise/ });
  await expect(upgraded).toContainText('$22,000.00');
  await expect(upgraded).toContainText('Cloud storage 1 TB');

  // The first invoice is void, the new one is the only one open.
  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/invoice`);
  const invoices = buyer.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ has: buyer.getByRole('cell', { name: first!, exact: true }) })).toContainText('Void');
});

test('edit a pending plan: its licences and bundles change on the same plan and its invoice is replaced', async ({ browser }) => {
  const buyer = await browser.newPage();
  await buyer.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fpurchase-plan`);
  await signIn(buyer, 'priya.raman@acme.test', demoPassword);
  await expect(buyer.getByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
  await fillPurchase(buyer, { plan: 'Meeting · Business', licences: 5, cycle: 'Yearly', currency: 'USD', bundles: ['Storage bundle · Cloud storage 1 TB'] });
  await expect(buyer.getByText('Total: $1,800.00')).toBeVisible();
  await buyer.getByRole('button', { name: 'Proceed to pay' }).click();
  await expect(buyer.getByRole('heading', { name: 'Purchased plan is under processing...' })).toBeVisible();
  const first = new URL(buyer.url()).searchParams.get('number');

  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/pending`);
  const pending = buyer.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Business/ });
  await pending.getByRole('button', { name: 'Edit Plan' }).click();
  await expect(buyer.getByRole('heading', { name: 'Edit Plan' })).toBeVisible();
  await expect(buyer.getByRole('checkbox', { name: /Cloud storage 1 TB/ })).toBeChecked();
  const licences = buyer.getByRole('textbox', { name: 'License' });
  // Business takes 5 licences at least: the server refuses 4 in the buyer's words.
  await licences.fill('4');
  await expect(buyer.getByText('This plan does not take this number of licences.')).toBeVisible();
  await licences.fill('6');
  await buyer.getByRole('checkbox', { name: /Cloud storage 1 TB/ }).uncheck();
  // Business $120.00 × 6 licences, the whole first year (nothing was paid, nothing prorated).
  await expect(buyer.getByText(/New total: \$720\.00 instead of \$1,800\.00\./)).toBeVisible();
  await buyer.getByRole('button', { name: 'Save' }).click();
  await expect(buyer).toHaveURL(/\/portal\/billing\/pending/);
  const edited = buyer.getByRole('table', { name: 'Pending Plans' }).getByRole('row', { name: /Business/ });
  await expect(edited).toContainText('$720.00');
  await expect(edited).not.toContainText('Cloud storage 1 TB');

  await buyer.goto(`${tenantOrigin('acme')}/portal/billing/invoice`);
  const invoices = buyer.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ has: buyer.getByRole('cell', { name: first!, exact: true }) })).toContainText('Void');
});
