export { createDataTableColumnHelper, dataTableFeatures, type DataTableColumn, type DataTableFeatures } from './columns';
export { DataTable, type DataTableProps } from './data-table';
export { RowAction, type RowActionProps } from './row-action';
export {
  DEFAULT_PAGE_SIZE,
  isPageSize,
  PAGE_SIZE_OPTIONS,
  type DataTablePaging,
  type DataTableSearch,
  type DataTableSort,
  type PageSize,
} from './types';
export { SEARCH_DEBOUNCE_MS, useDebouncedSearch, type DebouncedSearch } from './use-debounced-search';
