import type { I18n } from '@lingui/core';
import { MutationCache } from '@tanstack/react-query';
import { notify } from '@portal/ui-kit';
import { problemText } from './problem-text';

/**
 * A mutation's `meta`: `errorNotice: false` when its screen shows the failure itself (field
 * errors, an inline message, a page's own text), so the default notice does not show it twice.
 */
export type PortalMutationMeta = { errorNotice?: false };

declare module '@tanstack/react-query' {
  // TanStack Query's registry for typed `meta`: declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    mutationMeta: PortalMutationMeta;
  }
}

/** The `meta` of a mutation whose screen shows its own failure. */
export const OWN_ERROR_NOTICE = { errorNotice: false } as const satisfies PortalMutationMeta;

/**
 * The mutation cache of every portal query client: a failed mutation shows its problem's
 * translated text as an error notice, unless its `meta` opts out. `i18nOf` is read at failure
 * time, so the notice follows the language active then.
 */
export function createMutationCache(i18nOf: () => I18n): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.errorNotice !== false) notify.error(problemText(error, i18nOf()));
    },
  });
}
