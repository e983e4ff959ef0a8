import { LANGUAGE_STORAGE_KEY } from '@portal/i18n';

/** Logout (spec section 4): empties local and session storage but keeps the chosen language. */
export function clearStorageExceptLanguage(): void {
  try {
    const language = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (language !== null) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage there is nothing to clear.
  }
}
