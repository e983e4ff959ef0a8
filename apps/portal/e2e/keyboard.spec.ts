// Issue 16 section 3: the main flows by keyboard alone (no mouse), each focused control showing a
// visible focus indicator: sign in, open the users, create a user, open a dialog and close it
// (focus back on its opener), schedule a meeting.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, demoPassword, expectSnackbar, tenantOrigin } from './support.ts';

/**
 * The focused element matches :focus-visible and shows it with a ring (an outline or a shadow), on
 * itself or, for a field, on the field's box: a border changing colour alone is too faint.
 */
async function expectVisibleFocus(target: Locator) {
  // Let Mantine's short transitions finish.
  await target.page().waitForTimeout(250);
  const focus = await target.evaluate((element) => {
    // A field whose focused element is an inner input (password, tags) shows its focus on the
    // field's box around it.
    const box = element.closest('.mantine-Input-input') ?? element;
    const style = getComputedStyle(box);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== 'none',
      seen: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.boxShadow}`,
      describe: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 40) ?? ''}`,
    };
  });
  expect(focus.focusVisible, `${focus.describe} matches :focus-visible`).toBe(true);
  expect(focus.outline || focus.ring, `${focus.describe} shows its focus (${focus.seen})`).toBe(true);
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, then checks that the focus shows. */
async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached within ${max} tabs`);
}

async function signInByKeyboard(page: Page, origin: string, path: string, email: string, password: string) {
  await page.goto(`${origin}/portal/login?redirect=${encodeURIComponent(path)}`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeVisible();
}

test('sign in, open the users, open a dialog and close it, create a user: by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, '', '/dashboard', admin.email, admin.password);
  await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Users', exact: true }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  const add = page.getByRole('button', { name: 'Add', exact: true });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Focus returns to the button that opened the dialog, visibly.
  await expect(add).toBeFocused();
  await expectVisibleFocus(add);

  const email = `keyboard.${Date.now()}@portal.localhost`;
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, dialog.getByLabel('First Name'));
  await page.keyboard.type('Kiri');
  await tabTo(page, dialog.getByLabel('Last Name'));
  await page.keyboard.type('Keys');
  // A new user starts with the member role: Backspace takes it off, typing and Enter put it back.
  await tabTo(page, dialog.getByRole('combobox', { name: 'Roles' }));
  await expect(dialog.getByText('member', { exact: true })).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(dialog.getByText('member', { exact: true })).toHaveCount(0);
  await page.keyboard.type('member');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('member', { exact: true })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'New user added');
  const info = page.getByRole('dialog', { name: 'Sign-in information' });
  await tabTo(page, info.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(info).toHaveCount(0);
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }), { backwards: true });
  await page.keyboard.type(email);
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
});

test('schedule a meeting by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, tenantOrigin('acme'), '/schedule-meeting', 'admin@acme.test', demoPassword);
  const form = page.getByRole('form', { name: 'Schedule a meeting' });
  await expect(form).toBeVisible();
  await tabTo(page, form.getByRole('textbox', { name: 'Topic' }));
  await page.keyboard.type('Planned by keyboard');
  await tabTo(page, form.getByRole('button', { name: 'Schedule', exact: true }));
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'Meeting scheduled successfully');
  await expect(page).toHaveURL(/\/upcoming-meetings/);
});

test('the Schedule meeting form is tabbed through in reading order, each step visibly focused', async ({ page }) => {
  await signInByKeyboard(page, tenantOrigin('acme'), '/schedule-meeting', 'admin@acme.test', demoPassword);
  const form = page.getByRole('form', { name: 'Schedule a meeting' });
  await tabTo(page, form.getByRole('textbox', { name: 'Topic' }));
  const names: string[] = [];
  for (let step = 0; step < 40; step++) {
    const name = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
      ((window as unknown as { visited?: Element[] }).visited ??= []).push(element);
      const label = element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent ?? element.textContent ?? '';
      return label.replace(/\*/g, '').trim();
    });
    names.push(name);
    if (name === 'Schedule') break;
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page.locator(':focus'));
  }
  // The fields come in the order they are read, and every focused element follows the previous one in the document.
  // (The time field is one stop, its hours; the arrow keys and typing move on to the minutes and AM/PM.)
  const expected = ['Topic', 'Date', 'Time, Hours', 'Duration', 'Time zone', 'Recurring meeting', 'Cancel', 'Schedule'];
  expect(names.filter((name, i) => expected.includes(name) && name !== names[i - 1])).toEqual(expected);
  const forwards = await page.evaluate(() => {
    const visited = (window as unknown as { visited: Element[] }).visited;
    return visited
      // An element focused twice in a row (one field's stops) counts as going forwards.
      .map((element, i) => (i === 0 || element === visited[i - 1] || Boolean(visited[i - 1]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) ? '' : `${i}: ${element.outerHTML.slice(0, 160)}`))
      .filter(Boolean);
  });
  expect(forwards, names.join(' > ')).toEqual([]);
});
