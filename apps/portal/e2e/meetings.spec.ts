// Issue 10's scheduling journey against the real server, as acme's tenant administrator with the
// browser in Europe/Paris: a weekly meeting scheduled across the next European daylight-saving
// change keeps its 09:30 on both sides of it in Upcoming meetings; editing one occurrence only
// moves that row; an invitation sent from the list arrives by mail with a calendar request that
// ical.js reads (METHOD:REQUEST, the RRULE, the invitee as attendee); the personal meeting screen
// shows the demo personal meeting id.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { demoPassword, expectSnackbar, signIn, tenantOrigin } from './support.ts';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/Paris' });

const host = tenantOrigin('acme');
const tenantAdmin = { email: 'admin@acme.test', password: demoPassword };
const stamp = Date.now().toString(36);
const topic = `DST standup ${stamp}`;
const invitee = `guest-${stamp}@example.com`;

// ical.js is a devDependency of @portal/server, not of the portal: load it from there.
type IcalProperty = { getFirstValue(): unknown };
type IcalComponent = {
  getFirstPropertyValue(name: string): unknown;
  getFirstSubcomponent(name: string): IcalComponent | null;
  getFirstProperty(name: string): IcalProperty | null;
  getAllProperties(name: string): IcalProperty[];
};
type Ical = { parse(text: string): unknown; Component: new (jcal: unknown) => IcalComponent };
const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
const icalModule = serverRequire('ical.js') as Ical & { default?: Ical };
const ICAL: Ical = icalModule.default ?? icalModule;

/** YYYY-MM-DD of a UTC calendar day. */
const ymd = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The last Sunday of a month (0-based) as a UTC calendar day. */
function lastSunday(year: number, month: number) {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return addDays(last, -last.getUTCDay());
}

/**
 * The next European DST change (last Sunday of March or October) that leaves room for two weekly
 * Tuesdays before it, still in the future: the series starts on the Tuesday 12 days before the
 * change, so four occurrences fall two before and two after it.
 */
function seriesAcrossNextDstChange(today = new Date()) {
  const todayDay = new Date(`${ymd(today)}T00:00:00Z`);
  const year = todayDay.getUTCFullYear();
  const changes = [year, year + 1].flatMap((y) => [lastSunday(y, 2), lastSunday(y, 9)]).sort((a, b) => a.getTime() - b.getTime());
  const change = changes.find((sunday) => addDays(sunday, -12).getTime() > addDays(todayDay, 1).getTime());
  if (!change) throw new Error('no DST change ahead');
  const start = addDays(change, -12);
  return { change, occurrences: [0, 7, 14, 21].map((days) => addDays(start, days)) };
}

const { occurrences } = seriesAcrossNextDstChange();
const [firstDay, , movedDay] = occurrences as [Date, Date, Date, Date];

/** How the portal writes a day in English (dateStyle medium), e.g. "Mar 16, 2027". */
const dayLabel = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The Time cell's start: the day, then 9:30 AM (or 09:30 on a 24-hour clock). */
const startsAt = (date: Date, hour: number, minute: string) => new RegExp(`${escape(dayLabel(date))}\\s+(?:${hour}:${minute}\\s?AM|0?${hour}:${minute})\\b`);

/** The Time field's parts on the English 12-hour clock: hours, minutes, AM or PM. */
const timeParts = (form: Locator) => ({
  hours: form.getByRole('spinbutton', { name: 'Time, Hours' }),
  minutes: form.getByRole('spinbutton', { name: 'Time, Minutes' }),
  period: form.getByRole('combobox', { name: 'Time, AM or PM' }),
});

async function fillTime(form: Locator, hours: string, minutes: string, period: 'AM' | 'PM') {
  const time = timeParts(form);
  await time.hours.fill(hours);
  await time.minutes.fill(minutes);
  await time.period.selectOption(period);
}

async function signInAtAcme(page: Page, path: string) {
  await page.goto(`${host}/portal/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, tenantAdmin.email, tenantAdmin.password);
}

async function openUpcomingFiltered(page: Page) {
  await expect(page.getByRole('heading', { name: 'Upcoming meetings' })).toBeVisible();
  const loaded = page.waitForResponse((response) => response.url().includes('/meeting-schedules?') && response.url().includes('q=') && response.ok());
  await page.getByRole('searchbox', { name: 'Search' }).fill(topic);
  await loaded;
  return page.getByRole('row').filter({ hasText: topic });
}

/** The raw text of the first mail to `to` in the SMTP sink's mailbox folder. */
async function waitForRawMail(to: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAILBOX ?? '';
  const addressed = new RegExp(`^To:.*${escape(to)}`, 'mi');
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).sort()) {
          const raw = readFileSync(join(dir, file), 'utf8');
          if (addressed.test(raw)) return (found = raw);
        }
        return '';
      },
      { timeout: timeoutMs, message: `a mail to ${to}` },
    )
    .not.toBe('');
  return found;
}

/** The decoded text/calendar part of a raw MIME message. */
function calendarPart(raw: string): string {
  const start = raw.search(/^Content-Type:\s*text\/calendar/im);
  expect(start, 'a text/calendar part').toBeGreaterThanOrEqual(0);
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, '').split(/\r?\n--/)[0] ?? '';
  const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

test('the tenant administrator schedules a weekly meeting across the DST change and sees it at 09:30 on both sides', async ({ page }) => {
  await signInAtAcme(page, '/schedule-meeting');
  const form = page.getByRole('form', { name: 'Schedule a meeting' });
  await expect(form).toBeVisible();

  await form.getByRole('textbox', { name: 'Topic' }).fill(topic);
  const date = form.getByRole('textbox', { name: 'Date', exact: true });
  await date.clear();
  await date.pressSequentially(ymd(firstDay));
  await date.press('Escape');
  await expect(date).toHaveValue(ymd(firstDay));
  await fillTime(form, '09', '30', 'AM');
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  // A search equal to the chosen zone lists every zone: narrow it by a part of the name.
  await zone.fill('Europe/Par');
  await page.getByRole('option', { name: 'Europe/Paris', exact: true }).click();
  await zone.blur();
  await expect(zone).toHaveValue('Europe/Paris');

  await form.getByRole('checkbox', { name: 'Recurring meeting' }).check();
  await form.getByText('Weekly', { exact: true }).click();
  for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    const chip = form.getByRole('checkbox', { name: day, exact: true });
    // The chip's checkbox is visually hidden behind its label: click it as the label would.
    if ((await chip.isChecked()) !== (day === 'Tuesday')) await chip.dispatchEvent('click');
    await expect(chip).toBeChecked({ checked: day === 'Tuesday' });
  }
  await form.getByRole('radio', { name: 'After' }).check();
  const count = form.getByRole('textbox', { name: 'Occurrences' });
  await count.fill('4');
  await expect(count).toHaveValue('4');

  await form.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectSnackbar(page, 'Meeting scheduled successfully');
  await expect(page).toHaveURL(/\/upcoming-meetings/);

  const rows = await openUpcomingFiltered(page);
  await expect(rows).toHaveCount(4);
  for (const day of occurrences) await expect(rows.filter({ hasText: startsAt(day, 9, '30') })).toHaveCount(1);
});

test('editing one occurrence moves only that row', async ({ page }) => {
  await signInAtAcme(page, '/upcoming-meetings');
  const rows = await openUpcomingFiltered(page);
  await expect(rows).toHaveCount(4);
  await rows.filter({ hasText: startsAt(movedDay, 9, '30') }).getByRole('button', { name: 'Edit' }).click();
  const scope = page.getByRole('dialog', { name: 'Edit recurring meeting' });
  await scope.getByRole('button', { name: 'This occurrence' }).click();
  await expect(page).toHaveURL(/\/update-meetings\?/);

  const form = page.getByRole('form', { name: 'Edit this occurrence' });
  await expect(form.getByRole('textbox', { name: 'Topic' })).toHaveValue(topic);
  await expect(timeParts(form).hours).toHaveValue('09');
  await expect(timeParts(form).minutes).toHaveValue('30');
  await fillTime(form, '11', '00', 'AM');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Meeting edited successfully');
  await expect(page).toHaveURL(/\/upcoming-meetings/);

  const after = await openUpcomingFiltered(page);
  await expect(after).toHaveCount(4);
  await expect(after.filter({ hasText: startsAt(movedDay, 11, '00') })).toHaveCount(1);
  for (const day of occurrences.filter((day) => day !== movedDay)) await expect(after.filter({ hasText: startsAt(day, 9, '30') })).toHaveCount(1);
  await expect(after.filter({ hasText: startsAt(movedDay, 9, '30') })).toHaveCount(0);
});

test('an invitation from the list arrives with a calendar request', async ({ page }) => {
  await signInAtAcme(page, '/upcoming-meetings');
  const rows = await openUpcomingFiltered(page);
  await rows.filter({ hasText: startsAt(firstDay, 9, '30') }).getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to meeting' });
  await expect(dialog).toContainText(topic);
  const emails = dialog.getByRole('combobox', { name: 'Emails' });
  await emails.fill(invitee);
  await emails.press('Enter');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expectSnackbar(page, 'invitation sent successfully');
  await expect(dialog).toHaveCount(0);

  const ics = calendarPart(await waitForRawMail(invitee));
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  const event = calendar.getFirstSubcomponent('vevent');
  expect(event, 'a VEVENT').not.toBeNull();
  expect(event!.getFirstProperty('rrule'), 'an RRULE').not.toBeNull();
  const attendees = event!.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase());
  expect(attendees).toContain(`mailto:${invitee}`);
});

test('the personal meeting screen shows the demo personal meeting id', async ({ page }) => {
  await signInAtAcme(page, '/personal-meeting');
  await expect(page.getByRole('heading', { name: 'Personal meeting' })).toBeVisible();
  await expect(page.getByText('4155550100').first()).toBeVisible();
});
