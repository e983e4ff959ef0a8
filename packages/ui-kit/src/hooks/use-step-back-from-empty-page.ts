import { useEffect } from 'react';

type PageQuery = { isSuccess: boolean; isPlaceholderData: boolean; data?: { items: readonly unknown[] } };
type PagedTable = { pageIndex: number; goToPrevious: () => void };

/**
 * Deleting the last row of a later page leaves that page empty: step back to a page with rows.
 * Placeholder data (the previous page shown while the next loads) never counts as empty.
 */
export function useStepBackFromEmptyPage(query: PageQuery, table: PagedTable): void {
  const emptyLaterPage = query.isSuccess && !query.isPlaceholderData && query.data?.items.length === 0 && table.pageIndex > 0;
  const { goToPrevious } = table;
  useEffect(() => {
    if (emptyLaterPage) goToPrevious();
  }, [emptyLaterPage, goToPrevious]);
}
