/** Single-column server sort; `id` is the column id (the API field name). */
export type DataTableSort = { id: string; desc: boolean };

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export type DataTableSearch = {
  /** The committed (debounced) search text. */
  value: string;
  /** Called 300 ms after the user stops typing, or at once on Enter or clear. */
  onChange: (value: string) => void;
  placeholder?: string;
};

/** Cursor paging: the API only tells whether there is a next or previous page. */
export type DataTablePaging = {
  hasNext: boolean;
  hasPrevious: boolean;
  onNext: () => void;
  onPrevious: () => void;
  pageSize: PageSize;
  onPageSizeChange?: (pageSize: PageSize) => void;
};

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(value);
}
