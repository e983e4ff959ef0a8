import { renderHook } from '@testing-library/react';
import { LANGUAGE_STORAGE_KEY, useLanguageStore } from '@portal/i18n';
import { fakeTenantInfo } from '../testing';
import { useApplyTenantLanguage } from './use-apply-tenant-language';

async function startWithStored(value: string | null) {
  window.localStorage.clear();
  if (value !== null) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
  await useLanguageStore.persist.rehydrate();
}

describe('useApplyTenantLanguage', () => {
  afterEach(() => window.localStorage.clear());

  it("shows a visitor without a stored choice the tenant's default language instead of English, storing nothing", async () => {
    await startWithStored(null);
    renderHook(() => useApplyTenantLanguage(fakeTenantInfo({ defaultLanguage: 'ar' })));
    expect(useLanguageStore.getState().language).toBe('ar');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it("keeps English while the tenant info is loading or when it is the tenant's default", async () => {
    await startWithStored(null);
    const { rerender } = renderHook(({ info }) => useApplyTenantLanguage(info), { initialProps: { info: undefined as ReturnType<typeof fakeTenantInfo> | undefined } });
    expect(useLanguageStore.getState().language).toBe('en');
    rerender({ info: fakeTenantInfo() });
    expect(useLanguageStore.getState().language).toBe('en');
  });

  it("never overrides the visitor's stored choice", async () => {
    await startWithStored('fr');
    renderHook(() => useApplyTenantLanguage(fakeTenantInfo({ defaultLanguage: 'uz' })));
    expect(useLanguageStore.getState().language).toBe('fr');
  });

  it('gives way to a choice made in the language menu afterwards', async () => {
    await startWithStored(null);
    const { rerender } = renderHook(({ info }) => useApplyTenantLanguage(info), { initialProps: { info: fakeTenantInfo({ defaultLanguage: 'uz' }) } });
    expect(useLanguageStore.getState().language).toBe('uz');
    useLanguageStore.getState().setLanguage('fr');
    rerender({ info: fakeTenantInfo({ defaultLanguage: 'ar' }) });
    expect(useLanguageStore.getState().language).toBe('fr');
  });
});
