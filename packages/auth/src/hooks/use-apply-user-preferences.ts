import { useEffect } from 'react';
import { isLanguage, useFormatStore, useLanguageStore } from '@portal/i18n';
import type { CurrentUser } from '../api/use-current-user';

// The language last taken from a profile. A later pick in the language menu then stands until
// the profile's language itself changes (or another user signs in).
let appliedLanguage: string | null = null;

type Preferences = Pick<CurrentUser, 'id' | 'language' | 'dateFormat' | 'timeFormat' | 'timeZone'>;

/**
 * Makes the signed-in user's language, date and time formats and time zone the portal's. Sign-in
 * calls it at once (the page it lands on may be a public one, outside the guard that calls the
 * hook), so a language saved on another device follows the user without a reload.
 */
export function applyUserPreferences(user: Preferences): void {
  useFormatStore.getState().setFormats({ dateFormat: user.dateFormat ?? null, timeFormat: user.timeFormat ?? null, timeZone: user.timeZone ?? null });
  const language = user.language ?? null;
  const key = `${user.id}:${language ?? ''}`;
  if (key === appliedLanguage) return;
  appliedLanguage = key;
  if (isLanguage(language)) useLanguageStore.getState().setLanguage(language);
}

/** Applies the user's preferences whenever they (or the user) change. */
export function useApplyUserPreferences(user: CurrentUser | null | undefined): void {
  const id = user?.id ?? null;
  const language = user?.language ?? null;
  const dateFormat = user?.dateFormat ?? null;
  const timeFormat = user?.timeFormat ?? null;
  const timeZone = user?.timeZone ?? null;
  useEffect(() => {
    if (id) applyUserPreferences({ id, language, dateFormat, timeFormat, timeZone });
  }, [id, language, dateFormat, timeFormat, timeZone]);
}
