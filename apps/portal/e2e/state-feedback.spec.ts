// Feedback, Meeting log and Meeting state against the real server on its demo data: the first
// start wrote a history of meetings with participants' ratings (demo-history.ts). The platform
// administrator reads the ratings with their issues and the rated meeting's cards, follows a rating
// into the rated run's log (the events in words) and its state (not running, or run by the simulator).
import { expect, test } from '@playwright/test';
import { admin, signIn } from './support.ts';

test('the platform administrator reads feedback, then the rated meeting’s log and state', async ({ page }) => {
  await page.goto('/portal/login?redirect=%2Ffeedback');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Feedback', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Feedback' });
  // The demo history spans months: a wide period is sure to hold ratings.
  await page.getByRole('textbox', { name: 'Start Date' }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'Start Date' }).press('Tab');
  const issues = table.getByRole('button', { name: /^Issues of / }).first();
  await expect(issues).toBeVisible({ timeout: 20_000 });
  await issues.click();
  const breakdown = page.getByRole('dialog', { name: 'Issues' });
  await expect(breakdown).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: /^Meeting \d{10,11}$/ }).first()).toBeVisible();

  // The meeting id opens the rated run's log (not the latest run, which the simulator may have just opened).
  const rated = table.getByRole('row').nth(1).getByRole('link', { name: /^Meeting Log of meeting / });
  const code = (await rated.innerText()).trim();
  expect(code).toMatch(/^\d{10,11}$/);
  await rated.click();
  await expect(page).toHaveURL(new RegExp(`/meeting-log\\?meeting=${code}&session=[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Meeting Log', level: 2 })).toBeVisible();
  const log = page.getByRole('table', { name: 'Meeting Log' });
  await expect(log.getByText(/ joined$/).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Run of the meeting' })).not.toHaveValue(/\(running\)$/);

  await page.goto(`/portal/meeting-state?meeting=${code}`);
  await expect(page.getByRole('heading', { name: 'Meeting State', level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /not running now|traffic simulator/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Publishers' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Meeting ID' }).fill('12');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Enter a valid Meeting Id')).toBeVisible();
  await page.getByRole('textbox', { name: 'Meeting ID' }).fill('99999999999');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Meeting Id not found')).toBeVisible();
});
