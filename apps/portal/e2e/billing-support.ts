import { expect, type Page } from '@playwright/test';

/** The purchase details of purchase-plan, filled as a buyer does, then Save and Continue (the payment review opens). */
export async function fillPurchase(page: Page, choice: { plan: string; licences: number; cycle: string; currency: string; bundles?: string[] }) {
  await expect(page.getByRole('heading', { name: 'Purchase Plan' })).toBeVisible();
  const choose = async (label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose(/^Plan/, choice.plan);
  await page.getByRole('combobox', { name: /^License/ }).fill(String(choice.licences));
  await page.getByRole('option', { name: String(choice.licences), exact: true }).click();
  await choose(/^Billing cycle/, choice.cycle);
  await choose(/^Currency/, choice.currency);
  for (const bundle of choice.bundles ?? []) await page.getByRole('checkbox', { name: bundle }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Review' })).toBeVisible();
}
