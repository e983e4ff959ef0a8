import { renderHook } from '@testing-library/react';
import { useFormatStore, useLanguageStore } from '@portal/i18n';
import { fakeCurrentUser } from '../testing';
import { useApplyUserPreferences } from './use-apply-user-preferences';

describe('useApplyUserPreferences', () => {
  afterEach(() => {
    useLanguageStore.getState().setLanguage('en');
    useFormatStore.getState().setFormats({});
  });

  it("makes the user's language and formats the portal's", () => {
    renderHook(() =>
      useApplyUserPreferences(fakeCurrentUser({ id: '00000000-0000-4000-8000-0000000000f1', language: 'ar', dateFormat: 'DD.MM.YYYY', timeFormat: 'h:mm A', timeZone: 'Asia/Tashkent' })),
    );
    expect(useLanguageStore.getState().language).toBe('ar');
    expect(useFormatStore.getState()).toMatchObject({ dateFormat: 'DD.MM.YYYY', timeFormat: 'h:mm A', timeZone: 'Asia/Tashkent' });
  });

  it('leaves a language picked in the menu alone until the profile language changes', () => {
    const user = fakeCurrentUser({ id: '00000000-0000-4000-8000-0000000000f2', language: 'fr' });
    const { rerender } = renderHook(({ current }) => useApplyUserPreferences(current), { initialProps: { current: user } });
    expect(useLanguageStore.getState().language).toBe('fr');
    useLanguageStore.getState().setLanguage('uz');
    rerender({ current: { ...user } });
    expect(useLanguageStore.getState().language).toBe('uz');
    rerender({ current: { ...user, language: 'ar' } });
    expect(useLanguageStore.getState().language).toBe('ar');
  });

  it('keeps the current language for a user without one', () => {
    useLanguageStore.getState().setLanguage('fr');
    renderHook(() => useApplyUserPreferences(fakeCurrentUser({ id: '00000000-0000-4000-8000-0000000000f3', language: null })));
    expect(useLanguageStore.getState().language).toBe('fr');
  });
});
