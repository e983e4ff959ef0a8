import { useCallback, useMemo } from 'react';
import { useLanguageStore } from '../stores/language-store';
import { formatDate, formatDateTime, formatTime } from './format-date';
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
