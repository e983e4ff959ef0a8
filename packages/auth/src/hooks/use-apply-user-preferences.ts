import { useEffect } from 'react';
import { isLanguage, useFormatStore, useLanguageStore } from '@portal/i18n';
import type { CurrentUser } from '../api/use-current-user';

// The language last taken from a profile. A later pick in the language menu then stands until
// the profile's language itself changes (or another user signs in).
let appliedLanguage: string | null = null;

/** Makes the signed-in user's language, date and time formats and time zone the portal's. */
export function useApplyUserPreferences(user: CurrentUser | null | undefined): void {
  const language = user?.language ?? null;
  const userId = user?.id ?? null;
  const dateFormat = user?.dateFormat ?? null;
  const timeFormat = user?.timeFormat ?? null;
  const timeZone = user?.timeZone ?? null;
  useEffect(() => {
    if (!userId) return;
    useFormatStore.getState().setFormats({ dateFormat, timeFormat, timeZone });
    const key = `${userId}:${language ?? ''}`;
    if (key === appliedLanguage) return;
    appliedLanguage = key;
    if (isLanguage(language)) useLanguageStore.getState().setLanguage(language);
  }, [userId, language, dateFormat, timeFormat, timeZone]);
}
