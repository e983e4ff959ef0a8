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

  it('stores the chosen language as its bare code', async () => {
    await startWithStoredValue(null);
    useLanguageStore.getState().setLanguage('uz');

    expect(useLanguageStore.getState().language).toBe('uz');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uz');
  });
});
