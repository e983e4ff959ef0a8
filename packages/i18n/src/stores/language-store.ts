import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { PersistStorage } from 'zustand/middleware';
import { DEFAULT_LANGUAGE, isLanguage } from '../languages';
import type { Language } from '../languages';

/** Local-storage key of the language preference; logout keeps this key when it clears storage. */
export const LANGUAGE_STORAGE_KEY = 'language';

type PersistedLanguage = {
  language: Language;
  /** Whether `language` is the visitor's own choice (stored) rather than the default. */
  chosen: boolean;
};

export type LanguageState = PersistedLanguage & {
  /** The visitor's choice: shown and stored. */
  setLanguage: (language: Language) => void;
  /**
   * The tenant's default language (getTenantInfo), shown in place of English while the visitor has
   * chosen none; never stored, so a later change of the tenant's default still reaches them, and
   * never over a stored choice.
   */
  setDefaultLanguage: (language: Language) => void;
};

function readStoredLanguage(): PersistedLanguage {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? { language: stored, chosen: true } : { language: DEFAULT_LANGUAGE, chosen: false };
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies); the default still works.
    return { language: DEFAULT_LANGUAGE, chosen: false };
  }
}

// The key holds the bare code ("fr") rather than zustand's JSON envelope, as the spec's storage
// table describes it and so that code outside this store can read it.
const bareLanguageStorage: PersistStorage<PersistedLanguage> = {
  getItem: () => ({ state: readStoredLanguage() }),
  setItem: (_name, value) => {
    // A default shown for want of a choice is not a choice: nothing to store.
    if (!value.state.chosen) return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, value.state.language);
    } catch {
      // Without storage the choice lasts for this visit only.
    }
  },
  removeItem: () => {
    try {
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set, get) => ({
      language: DEFAULT_LANGUAGE,
      chosen: false,
      setLanguage: (language) => set({ language, chosen: true }),
      setDefaultLanguage: (language) => {
        if (!get().chosen && get().language !== language) set({ language });
      },
    }),
    {
      name: LANGUAGE_STORAGE_KEY,
      storage: bareLanguageStorage,
      partialize: ({ language, chosen }) => ({ language, chosen }),
    },
  ),
);
