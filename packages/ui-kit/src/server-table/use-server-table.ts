import { useCallback, useMemo, useReducer } from 'react';
import { DEFAULT_PAGE_SIZE, type DataTablePaging, type DataTableSearch, type DataTableSort, type PageSize } from '../data-table';

/** Request parameters of a cursor-paged list call (`GET /users?q=&sort=&cursor=&limit=`). */
export type ServerTableParams = {
  q?: string;
  /** `field` ascending, `-field` descending. */
  sort?: string;
  cursor?: string;
  limit: PageSize;
};

export type UseServerTableOptions = {
  defaultSort?: DataTableSort | null;
  pageSize?: PageSize;
};

/** The DataTable props `useServerTable` owns; spread into `<DataTable>`. */
export type ServerTableBinding = {
  search: DataTableSearch;
  sort: DataTableSort | null;
  onSortChange: (sort: DataTableSort) => void;
  paging: DataTablePaging;
};

export type UseServerTableResult = {
  /** Stable between renders while nothing changes, so it can sit in a query key. */
  params: ServerTableParams;
  /** DataTable props for the page whose response announced `nextCursor` (null on the last page). */
  bind: (nextCursor: string | null | undefined) => ServerTableBinding;
  q: string;
  sort: DataTableSort | null;
  pageSize: PageSize;
  /** Zero-based number of the current page. */
  pageIndex: number;
  setSearch: (q: string) => void;
  setSort: (sort: DataTableSort | null) => void;
  setPageSize: (pageSize: PageSize) => void;
  goToNext: (nextCursor: string) => void;
  goToPrevious: () => void;
  /** Back to the first page with the initial search, sort and page size. */
  reset: () => void;
};

export function toSortParam(sort: DataTableSort | null | undefined): string | undefined {
  if (!sort) return undefined;
  return sort.desc ? `-${sort.id}` : sort.id;
}

export function fromSortParam(param: string | null | undefined): DataTableSort | null {
  if (!param) return null;
  return param.startsWith('-') ? { id: param.slice(1), desc: true } : { id: param, desc: false };
}

type State = {
  q: string;
  sort: DataTableSort | null;
  pageSize: PageSize;
  /** Cursors of the pages after the first one, in the order they were visited. */
  cursors: string[];
};

type Action =
  | { type: 'search'; q: string }
  | { type: 'sort'; sort: DataTableSort | null }
  | { type: 'pageSize'; pageSize: PageSize }
  | { type: 'next'; cursor: string }
  | { type: 'previous' }
  | { type: 'reset'; initial: State };

function sameSort(a: DataTableSort | null, b: DataTableSort | null): boolean {
  return a?.id === b?.id && a?.desc === b?.desc;
}

// A cursor is only valid for the query that produced it, so any change of search, sort or
// page size starts again from the first page.
function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'search':
      return action.q === state.q ? state : { ...state, q: action.q, cursors: [] };
    case 'sort':
      return sameSort(action.sort, state.sort) ? state : { ...state, sort: action.sort, cursors: [] };
    case 'pageSize':
      return action.pageSize === state.pageSize ? state : { ...state, pageSize: action.pageSize, cursors: [] };
    case 'next':
      return { ...state, cursors: [...state.cursors, action.cursor] };
    case 'previous':
      return state.cursors.length === 0 ? state : { ...state, cursors: state.cursors.slice(0, -1) };
    case 'reset':
      return action.initial;
  }
}

/**
 * Owns the search text, sort and cursor stack of one server-side list:
 *
 * ```tsx
 * const table = useServerTable({ defaultSort: { id: 'email', desc: false } });
 * const users = useUsers(table.params);
 * <DataTable {...table.bind(users.data?.nextCursor)} data={users.data?.items} ... />
 * ```
 *
 * Search arrives already debounced from the DataTable's search box.
 */
export function useServerTable({ defaultSort = null, pageSize = DEFAULT_PAGE_SIZE }: UseServerTableOptions = {}): UseServerTableResult {
  const defaultSortId = defaultSort?.id;
  const defaultSortDesc = defaultSort?.desc ?? false;
  const initial = useMemo<State>(
    () => ({ q: '', sort: defaultSortId === undefined ? null : { id: defaultSortId, desc: defaultSortDesc }, pageSize, cursors: [] }),
    [defaultSortId, defaultSortDesc, pageSize],
  );
  const [state, dispatch] = useReducer(reducer, initial);

  const cursor = state.cursors.at(-1);
  const sortParam = toSortParam(state.sort);
  const params = useMemo<ServerTableParams>(() => {
    const next: ServerTableParams = { limit: state.pageSize };
    if (state.q) next.q = state.q;
    if (sortParam) next.sort = sortParam;
    if (cursor) next.cursor = cursor;
    return next;
  }, [state.q, sortParam, cursor, state.pageSize]);

  const setSearch = useCallback((q: string) => dispatch({ type: 'search', q: q.trim() }), []);
  const setSort = useCallback((sort: DataTableSort | null) => dispatch({ type: 'sort', sort }), []);
  const setPageSize = useCallback((size: PageSize) => dispatch({ type: 'pageSize', pageSize: size }), []);
  const goToNext = useCallback((nextCursor: string) => {
    if (nextCursor) dispatch({ type: 'next', cursor: nextCursor });
  }, []);
  const goToPrevious = useCallback(() => dispatch({ type: 'previous' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset', initial }), [initial]);

  const bind = useCallback(
    (nextCursor: string | null | undefined): ServerTableBinding => ({
      search: { value: state.q, onChange: setSearch },
      sort: state.sort,
      onSortChange: setSort,
      paging: {
        hasNext: Boolean(nextCursor),
        hasPrevious: state.cursors.length > 0,
        onNext: () => {
          if (nextCursor) goToNext(nextCursor);
        },
        onPrevious: goToPrevious,
        pageSize: state.pageSize,
        onPageSizeChange: setPageSize,
      },
    }),
    [state, setSearch, setSort, goToNext, goToPrevious, setPageSize],
  );

  return {
    params,
    bind,
    q: state.q,
    sort: state.sort,
    pageSize: state.pageSize,
    pageIndex: state.cursors.length,
    setSearch,
    setSort,
    setPageSize,
    goToNext,
    goToPrevious,
    reset,
  };
}
