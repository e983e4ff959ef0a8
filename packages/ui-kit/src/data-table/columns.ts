import { createColumnHelper, rowSortingFeature, tableFeatures, type ColumnDef, type ColumnHelper, type RowData } from '@tanstack/react-table';

/**
 * The only Table feature the DataTable registers: sorting state, in manual mode (the server
 * sorts). Search and cursor paging live outside TanStack Table because cursor pages have no
 * page index or row count.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature });

export type DataTableFeatures = typeof dataTableFeatures;

// `any` for the value type mirrors TanStack's own column arrays: a list mixes value types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * Typed column builder for a DataTable of `T`. A column's id (the accessor key unless `id` is
 * given) is the field name sent to the server when the user sorts by it; set
 * `enableSorting: false` on columns the server cannot sort.
 */
export function createDataTableColumnHelper<T extends RowData>(): ColumnHelper<DataTableFeatures, T> {
  return createColumnHelper<DataTableFeatures, T>();
}
