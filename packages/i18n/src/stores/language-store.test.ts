import { LANGUAGE_STORAGE_KEY, useLanguageStore } from './language-store';

async function startWithStoredValue(value: string | null) {
  window.localStorage.clear();
  if (value !== null) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
  await useLanguageStore.persist.rehydrate();
}

describe('useLanguageStore', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the preference under the "language" key that logout preserves', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('language');
  });

  it('starts in English when nothing is stored', async () => {
    await startWithStoredValue(null);
    expect(useLanguageStore.getState().language).toBe('en');
  });

  it('starts in the stored language', async () => {
    await startWithStoredValue('ar');
    expect(useLanguageStore.getState().language).toBe('ar');
  });

  it.each(['de', '', '{"state":{"language":"fr"}}', 'AR'])(
    'falls back to English for the unknown stored value %j',
    async (stored) => {
      await startWithStoredValue('uz');
      await startWithStoredValue(stored);
      expect(useLanguageStore.getState().language).toBe('en');
    },
  );

  describe("the tenant's default language", () => {
    it('replaces English while nothing is stored, without storing it', async () => {
      await startWithStoredValue(null);
      useLanguageStore.getState().setDefaultLanguage('fr');

      expect(useLanguageStore.getState().language).toBe('fr');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    });

    it('never overrides a stored choice', async () => {
      await startWithStoredValue('uz');
      useLanguageStore.getState().setDefaultLanguage('ar');

      expect(useLanguageStore.getState().language).toBe('uz');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uz');
    });

    it('applies over an unknown stored value, which is no choice', async () => {
      await startWithStoredValue('de');
      useLanguageStore.getState().setDefaultLanguage('ar');

      expect(useLanguageStore.getState().language).toBe('ar');
    });

    it('gives way to a choice made afterwards, which is stored and then kept', async () => {
      await startWithStoredValue(null);
      useLanguageStore.getState().setDefaultLanguage('fr');
      useLanguageStore.getState().setLanguage('en');
      useLanguageStore.getState().setDefaultLanguage('ar');

      expect(useLanguageStore.getState().language).toBe('en');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    });
  });

  it('stores the chosen language as its bare code', async () => {
    await startWithStoredValue(null);
    useLanguageStore.getState().setLanguage('uz');

    expect(useLanguageStore.getState().language).toBe('uz');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uz');
  });
});
