import { create } from 'zustand';
import type { DateFormat, DateFormatPreferences, TimeFormat } from './format-date';
import { dateFormats, timeFormats } from './format-date';

export type FormatState = DateFormatPreferences & {
  /** Applies a profile's choices; unknown values fall back to the language's own formats. */
  setFormats: (prefs: { dateFormat?: string | null; timeFormat?: string | null; timeZone?: string | null }) => void;
};

const isDateFormat = (value: unknown): value is DateFormat => (dateFormats as readonly unknown[]).includes(value);
const isTimeFormat = (value: unknown): value is TimeFormat => (timeFormats as readonly unknown[]).includes(value);

/**
 * The signed-in user's date and time preferences. Kept in memory only: they come with the user
 * (`getSession`) on every visit, and saving the profile updates them at once.
 */
export const useFormatStore = create<FormatState>()((set) => ({
  dateFormat: null,
  timeFormat: null,
  timeZone: null,
  setFormats: (prefs) =>
    set({
      dateFormat: isDateFormat(prefs.dateFormat) ? prefs.dateFormat : null,
      timeFormat: isTimeFormat(prefs.timeFormat) ? prefs.timeFormat : null,
      timeZone: prefs.timeZone ?? null,
    }),
}));
