// Writes dates and times the way a user chose in their profile (date pattern, 12- or 24-hour
// clock, time zone), or the active language's own way for what they left unset.

/** The date patterns a profile can choose (the contract's `DateFormat`). */
export const dateFormats = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof dateFormats)[number];

/** 24-hour or 12-hour clock (the contract's `TimeFormat`). */
export const timeFormats = ['HH:mm', 'h:mm A'] as const;
export type TimeFormat = (typeof timeFormats)[number];

export type DateFormatPreferences = {
  dateFormat: DateFormat | null;
  timeFormat: TimeFormat | null;
  /** IANA name; null is the browser's zone. */
  timeZone: string | null;
};

type Parts = { year: string; month: string; day: string; hour: string; minute: string; dayPeriod: string };

function partsOf(date: Date, locale: string, timeZone: string | null, hour12: boolean): Parts {
  const formatter = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: hour12 ? 'h12' : 'h23',
    timeZone: timeZone ?? undefined,
    numberingSystem: 'latn',
  });
  const result: Parts = { year: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of formatter.formatToParts(date)) {
    if (part.type in result) result[part.type as keyof Parts] = part.value;
  }
  // AM/PM in the reader's language where it has its own words.
  if (hour12) {
    const period = new Intl.DateTimeFormat(locale, { hour: 'numeric', hourCycle: 'h12', timeZone: timeZone ?? undefined }).formatToParts(date);
    result.dayPeriod = period.find((part) => part.type === 'dayPeriod')?.value ?? result.dayPeriod;
  }
  return result;
}

const safeZone = (timeZone: string | null) => {
  if (!timeZone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return null;
  }
};

export function formatDate(value: Date | string, locale: string, prefs: DateFormatPreferences): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const timeZone = safeZone(prefs.timeZone);
  if (!prefs.dateFormat) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: timeZone ?? undefined }).format(date);
  const { year, month, day } = partsOf(date, locale, timeZone, false);
  return prefs.dateFormat.replace('YYYY', year).replace('MM', month).replace('DD', day);
}

export function formatTime(value: Date | string, locale: string, prefs: DateFormatPreferences): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const timeZone = safeZone(prefs.timeZone);
  if (!prefs.timeFormat) return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: timeZone ?? undefined }).format(date);
  const hour12 = prefs.timeFormat === 'h:mm A';
  const { hour, minute, dayPeriod } = partsOf(date, locale, timeZone, hour12);
  return hour12 ? `${hour}:${minute} ${dayPeriod}` : `${hour}:${minute}`;
}

export function formatDateTime(value: Date | string, locale: string, prefs: DateFormatPreferences): string {
  return `${formatDate(value, locale, prefs)} ${formatTime(value, locale, prefs)}`;
}

/** How a time is typed in: a 12- or 24-hour clock, with AM and PM in the language's own words. */
export type ClockFormat = { format: '12h' | '24h'; amPmLabels: { am: string; pm: string } };

const dayPeriodOf = (locale: string, hour: number) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' }).formatToParts(Date.UTC(2000, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value;

/** The profile's clock when the user chose one, else the language's own (French 24 h, Arabic 12 h with ص and م). */
export function clockOf(locale: string, timeFormat: TimeFormat | null): ClockFormat {
  const hour12 = timeFormat ? timeFormat === 'h:mm A' : new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  return { format: hour12 ? '12h' : '24h', amPmLabels: { am: dayPeriodOf(locale, 9) ?? 'AM', pm: dayPeriodOf(locale, 21) ?? 'PM' } };
}
