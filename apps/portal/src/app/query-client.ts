import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@portal/api-client';
import { createMutationCache } from '@portal/forms';
import { i18n } from '@portal/i18n';

/**
 * Server state defaults: answers stay fresh for 30 s, and only failures that may pass on a
 * second try (network, 5xx) are retried; a 4xx answer would come back the same, and so would a
 * 503 `maintenance` (the platform's maintenance mode), which shows its notice at once. A failed
 * mutation shows its problem as an error notice unless its screen shows it (`OWN_ERROR_NOTICE`).
 */
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(() => i18n),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 && !(isApiError(error) && ((error.status >= 400 && error.status < 500) || error.code === 'maintenance')),
      },
      mutations: { retry: false },
    },
  });
}
