// The billing catalogue against the real server: the platform administrator finds the demo
// catalogue, creates a product and a plan with a price, publishes it, and the public plans call
// (selectPublishedPlan, what select-plans reads) then offers it with its price in minor units; a
// product with plans is refused deletion with the reason.
import { expect, test } from '@playwright/test';
import { admin, expectSnackbar, platformOrigin, signIn } from './support.ts';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const productName = `E2E product ${stamp}`;
const planName = `E2E plan ${stamp}`;

test('the platform administrator creates a product and a published plan with a price', async ({ page }) => {
  await page.goto(`${platformOrigin}/portal/login?redirect=%2Fproducts`);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  // The demo catalogue is there from the first start.
  await expect(page.getByRole('row', { name: /Storage bundle/ })).toContainText('Yes');

  await page.getByRole('link', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/portal\/products\/create-product$/);
  await page.getByRole('textbox', { name: /^Product Name/ }).fill(productName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Created by the end-to-end run');
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnackbar(page, 'Product created successfully');
  await expect(page).toHaveURL(/\/portal\/products$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(productName);
  await expect(page.getByRole('row', { name: new RegExp(productName) })).toBeVisible();

  await page.goto(`${platformOrigin}/portal/plans`);
  await expect(page.getByRole('row', { name: /Business/ })).toContainText('$12.00 · Monthly');
  await page.getByRole('link', { name: 'Create Plan' }).click();
  await expect(page).toHaveURL(/\/portal\/plans\/create-plan$/);
  await page.getByRole('textbox', { name: /^Plan Name/ }).fill(planName);
  await page.getByRole('combobox', { name: /^Product/ }).click();
  await page.getByRole('option', { name: productName }).click();
  await page.getByRole('textbox', { name: /^Max users/ }).fill('20');
  await page.getByRole('switch', { name: /^Publish online/ }).check({ force: true });
  await page.getByRole('button', { name: 'Add price' }).click();
  await page.getByRole('group', { name: 'Price 1' }).getByRole('textbox', { name: /^Amount/ }).fill('9.99');
  await page.getByRole('button', { name: 'Add limit' }).click();
  await page.getByRole('group', { name: 'Limit 1' }).getByRole('combobox', { name: 'Limit' }).click();
  await page.getByRole('option', { name: 'Participants per meeting' }).click();
  await page.getByRole('group', { name: 'Limit 1' }).getByRole('textbox', { name: 'Value' }).fill('25');
  await page.getByRole('button', { name: 'Create' }).click();
  await expectSnackbar(page, 'Plan created successfully');
  await expect(page).toHaveURL(/\/portal\/plans$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(planName);
  const row = page.getByRole('row', { name: new RegExp(planName) });
  await expect(row).toContainText('$9.99 · Monthly');
  await expect(row).toContainText('Yes');

  // What the public plans page reads: the plan on sale, its price in cents. Asked from the page,
  // whose browser resolves the platform's *.localhost host (Node's resolver does not).
  const get = (path: string) => page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as { items: Array<Record<string, unknown>> } };
  }, path);
  const products = await get(`/api/v1/products?q=${encodeURIComponent(productName)}`);
  const productId = products.body.items[0]!.id as string;
  const published = await get(`/api/v1/published-plans?productId=${productId}`);
  expect(published.status).toBe(200);
  expect(published.body.items).toHaveLength(1);
  expect(published.body.items[0]).toMatchObject({
    name: planName,
    published: true,
    minUsers: 1,
    maxUsers: 20,
    prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 999 }],
    limits: [{ kind: 'participants', value: 25, unit: 'Number' }],
  });
  const prices = await get(`/api/v1/plans/${published.body.items[0]!.id as string}/prices`);
  expect(prices.body).toEqual({ items: [{ currency: 'USD', billingCycle: 'monthly', amount: 999 }] });
});

test('a product with plans is refused deletion, with the reason', async ({ page }) => {
  await page.goto(`${platformOrigin}/portal/login?redirect=%2Fproducts`);
  await signIn(page, admin.email, admin.password);
  await page.getByRole('searchbox', { name: 'Search' }).fill(productName);
  await page.getByRole('row', { name: new RegExp(productName) }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Product' });
  await expect(dialog).toContainText('Are you sure you want to delete the product ?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(page, 'This product has plans and cannot be deleted. Disable it instead.');
  await expect(page.getByRole('row', { name: new RegExp(productName) })).toBeVisible();
});
