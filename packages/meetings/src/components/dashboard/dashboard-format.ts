import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { directionOf, type Language } from '@portal/i18n';

export type DashboardFormat = {
  count: (value: number) => string;
  hours: (value: number) => string;
  /** A YYYY-MM-DD day, short (chart axis). */
  day: (date: string) => string;
  /** A YYYY-MM-DD day in full (tables). */
  longDay: (date: string) => string;
  rtl: boolean;
};

/** Numbers and days in the reader's language (its own digits and month names). */
export function useDashboardFormat(): DashboardFormat {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    // The server's days are calendar days: read them at UTC midnight so no zone moves them.
    const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    const at = (date: string) => new Date(`${date}T00:00:00Z`);
    return {
      count: (value) => count.format(value),
      hours: (value) => hours.format(value),
      day: (date) => short.format(at(date)),
      longDay: (date) => long.format(at(date)),
      rtl: directionOf(locale as Language) === 'rtl',
    };
  }, [locale]);
}
