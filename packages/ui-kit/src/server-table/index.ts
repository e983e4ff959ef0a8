export {
  fromSortParam,
  toSortParam,
  useServerTable,
  type ServerTableBinding,
  type ServerTableParams,
  type UseServerTableOptions,
  type UseServerTableResult,
} from './use-server-table';
