import { useLingui } from '@lingui/react';
import { useCallback, useMemo } from 'react';
import { useLanguageStore } from '../stores/language-store';
import { clockOf, formatDate, formatDateTime, formatTime, type ClockFormat } from './format-date';
import { useFormatStore } from './format-store';

export type DateFormatter = {
  date: (value: Date | string) => string;
  time: (value: Date | string) => string;
  dateTime: (value: Date | string) => string;
};

/** Formatters following the user's language, date and time format and time zone; they re-render on change. */
export function useDateFormat(): DateFormatter {
  const language = useLanguageStore((state) => state.language);
  const dateFormat = useFormatStore((state) => state.dateFormat);
  const timeFormat = useFormatStore((state) => state.timeFormat);
  const timeZone = useFormatStore((state) => state.timeZone);
  const prefs = useMemo(() => ({ dateFormat, timeFormat, timeZone }), [dateFormat, timeFormat, timeZone]);
  const date = useCallback((value: Date | string) => formatDate(value, language, prefs), [language, prefs]);
  const time = useCallback((value: Date | string) => formatTime(value, language, prefs), [language, prefs]);
  const dateTime = useCallback((value: Date | string) => formatDateTime(value, language, prefs), [language, prefs]);
  return useMemo(() => ({ date, time, dateTime }), [date, time, dateTime]);
}

/**
 * The clock a time field shows, in the language the page is rendered in (Lingui's) and the
 * profile's 12- or 24-hour choice: for Mantine's TimePicker (`format`, `amPmLabels`).
 */
export function useClockFormat(): ClockFormat {
  const { i18n } = useLingui();
  const timeFormat = useFormatStore((state) => state.timeFormat);
  return useMemo(() => clockOf(i18n.locale, timeFormat), [i18n.locale, timeFormat]);
}
