import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { PersistStorage } from 'zustand/middleware';
import { DEFAULT_LANGUAGE, isLanguage } from '../languages';
import type { Language } from '../languages';

/** Local-storage key of the language preference; logout keeps this key when it clears storage. */
export const LANGUAGE_STORAGE_KEY = 'language';

type PersistedLanguage = { language: Language };

export type LanguageState = PersistedLanguage & {
  setLanguage: (language: Language) => void;
};

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies); the default still works.
    return DEFAULT_LANGUAGE;
  }
}

// The key holds the bare code ("fr") rather than zustand's JSON envelope, as the spec's storage
// table describes it and so that code outside this store can read it.
const bareLanguageStorage: PersistStorage<PersistedLanguage> = {
  getItem: () => ({ state: { language: readStoredLanguage() } }),
  setItem: (_name, value) => {
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
    (set) => ({
      language: DEFAULT_LANGUAGE,
      setLanguage: (language) => set({ language }),
    }),
    {
      name: LANGUAGE_STORAGE_KEY,
      storage: bareLanguageStorage,
      partialize: ({ language }) => ({ language }),
    },
  ),
);
