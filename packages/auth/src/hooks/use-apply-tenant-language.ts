import { useEffect } from 'react';
import { isLanguage, useLanguageStore } from '@portal/i18n';
import type { TenantInfo } from '../api/use-tenant-info';

/**
 * Makes the tenant's default language (getTenantInfo: the tenant's own, else the platform's) the
 * portal's language while the visitor has chosen none, in place of English; a stored choice always
 * stands (the language store).
 */
export function useApplyTenantLanguage(info: Pick<TenantInfo, 'defaultLanguage'> | null | undefined): void {
  const language = info?.defaultLanguage ?? null;
  useEffect(() => {
    if (isLanguage(language)) useLanguageStore.getState().setDefaultLanguage(language);
  }, [language]);
}
