import { Box, Button, Group, Paper, Skeleton, Stack, Table, Text, UnstyledButton, useDirection } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { useTable, type Header, type RowData, type SortingState } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from './columns';
import { DataTablePager } from './data-table-pager';
import { DataTableSearch } from './data-table-search';
import type { DataTablePaging, DataTableSearch as DataTableSearchConfig, DataTableSort } from './types';
import { useScrollEdges } from './use-scroll-edges';

export type DataTableProps<T extends RowData> = {
  /** Module-level or memoised; see `createDataTableColumnHelper`. */
  columns: ReadonlyArray<DataTableColumn<T>>;
  /** The current page's rows; undefined while nothing has loaded. */
  data: ReadonlyArray<T> | undefined;
  getRowId: (row: T) => string;
  /** Accessible name of the table, e.g. "Users". */
  label?: string;
  /** Shows skeleton rows and marks the table aria-busy. */
  loading?: boolean;
  /** A translated message; when set it replaces the rows, with Retry when `onRetry` is given. */
  error?: ReactNode;
  onRetry?: () => void;
  /** The spec's empty text for this list, e.g. "There are no users!". */
  emptyText: ReactNode;
  search?: DataTableSearchConfig;
  sort?: DataTableSort | null;
  /** Without it headers are not sortable. */
  onSortChange?: (sort: DataTableSort) => void;
  paging?: DataTablePaging;
  /** Buttons beside the search box (Add, Import, Export ...). */
  toolbar?: ReactNode;
  /** Actions for one row, rendered in a last "Actions" column; use `RowAction`. */
  rowActions?: (row: T) => ReactNode;
  /** Below this width the table scrolls horizontally instead of squeezing columns (phones). */
  minWidth?: number;
};

const NO_ROWS: ReadonlyArray<never> = [];
const ACTIONS_COLUMN_ID = 'actions';
const MAX_SKELETON_ROWS = 10;
const EDGE_SHADOW = 'rgba(0, 0, 0, 0.28)';

/** A shade along one edge of the scrolling table, fading inwards: the cue that more columns are that way. */
function EdgeShadow({ side, dir, shown }: { side: 'start' | 'end'; dir: 'ltr' | 'rtl'; shown: boolean }) {
  const onLeft = (side === 'start') === (dir === 'ltr');
  return (
    <Box
      aria-hidden="true"
      data-edge-shadow={side}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        [side === 'start' ? 'insetInlineStart' : 'insetInlineEnd']: 0,
        width: 16,
        pointerEvents: 'none',
        zIndex: 2,
        opacity: shown ? 1 : 0,
        transition: 'opacity 150ms',
        background: `linear-gradient(to ${onLeft ? 'right' : 'left'}, ${EDGE_SHADOW}, transparent)`,
      }}
    />
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden="true" />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden="true" />;
  return <IconArrowsSort size={14} aria-hidden="true" opacity={0.4} />;
}

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

/**
 * Server-side list table: the server searches, sorts and pages; this component renders the
 * page it is given and reports what the user asks for. Pair it with `useServerTable`.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  getRowId,
  label,
  loading = false,
  error,
  onRetry,
  emptyText,
  search,
  sort,
  onSortChange,
  paging,
  toolbar,
  rowActions,
  minWidth = 640,
}: DataTableProps<T>) {
  // Screens pass these inline, so they change identity every render; read them through refs
  // so the column list and Table's row models stay stable. The refs are updated during render
  // (not in an effect) because the cells read them in this same render: actions that depend on
  // late-arriving permissions must show at once.
  const rowActionsRef = useRef(rowActions);
  const getRowIdRef = useRef(getRowId);
  rowActionsRef.current = rowActions;
  getRowIdRef.current = getRowId;
  const stableGetRowId = useCallback((row: T) => getRowIdRef.current(row), []);
  const hasRowActions = rowActions !== undefined;
  const { dir } = useDirection();

  const allColumns = useMemo<Array<DataTableColumn<T>>>(() => {
    if (!hasRowActions) return [...columns];
    const actions: DataTableColumn<T> = {
      id: ACTIONS_COLUMN_ID,
      header: () => <Trans>Actions</Trans>,
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {rowActionsRef.current?.(row.original)}
        </Group>
      ),
    };
    return [...columns, actions];
  }, [columns, hasRowActions]);

  const sortId = sort?.id;
  const sortDesc = sort?.desc;
  const sorting = useMemo<SortingState>(() => (sortId === undefined ? [] : [{ id: sortId, desc: sortDesc ?? false }]), [sortId, sortDesc]);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: data ?? (NO_ROWS as ReadonlyArray<T>),
    getRowId: stableGetRowId,
    manualSorting: true,
    enableSorting: onSortChange !== undefined,
    enableMultiSort: false,
    // Server sorting toggles between ascending and descending; there is no unsorted state.
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSortChange && (first.id !== sortId || first.desc !== sortDesc)) onSortChange({ id: first.id, desc: first.desc });
    },
  });

  const headerGroups = table.getHeaderGroups();
  const leafCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;
  const skeletonRows = Math.min(paging?.pageSize ?? 5, MAX_SKELETON_ROWS);
  const scroll = useScrollEdges<HTMLDivElement>(rows);
  // On a phone the Actions column would scroll out of sight first: it stays at the end edge, its
  // own shadow showing that the columns before it go on beneath.
  const stickyEnd: CSSProperties = {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    boxShadow: scroll.edges.end ? `${dir === 'ltr' ? -8 : 8}px 0 8px -8px ${EDGE_SHADOW}` : undefined,
  };
  const stickyProps = (columnId: string) => (columnId === ACTIONS_COLUMN_ID ? { 'data-sticky': 'end', style: stickyEnd } : {});

  const renderHeader = (header: Header<DataTableFeatures, T, unknown>) => {
    const isActions = header.column.id === ACTIONS_COLUMN_ID;
    const direction = header.column.getIsSorted();
    const canSort = header.column.getCanSort();
    return (
      <Table.Th
        key={header.id}
        colSpan={header.colSpan}
        scope="col"
        aria-sort={canSort ? ariaSort(direction) : undefined}
        ta={isActions ? 'end' : undefined}
        {...(isActions ? { 'data-sticky': 'end' } : {})}
        style={{ whiteSpace: 'nowrap', ...(isActions ? stickyEnd : {}) }}
      >
        {header.isPlaceholder ? null : canSort ? (
          <UnstyledButton
            onClick={header.column.getToggleSortingHandler()}
            fw={700}
            fz="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <table.FlexRender header={header} />
            <SortIcon direction={direction} />
          </UnstyledButton>
        ) : (
          <table.FlexRender header={header} />
        )}
      </Table.Th>
    );
  };

  const renderBody = () => {
    if (loading) {
      return Array.from({ length: skeletonRows }, (_, index) => (
        <Table.Tr key={`skeleton-${index}`} aria-hidden="true">
          {Array.from({ length: leafCount }, (_, cell) => (
            <Table.Td key={cell}>
              <Skeleton height={12} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ));
    }
    if (error) {
      return (
        <Table.Tr>
          <Table.Td colSpan={leafCount}>
            <Stack align="center" gap="xs" py="lg" role="alert">
              <Text c="red">{error}</Text>
              {onRetry ? (
                <Button variant="light" size="xs" onClick={onRetry}>
                  <Trans>Retry</Trans>
                </Button>
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      );
    }
    if (rows.length === 0) {
      return (
        <Table.Tr>
          <Table.Td colSpan={leafCount}>
            <Text c="dimmed" ta="center" py="lg">
              {emptyText}
            </Text>
          </Table.Td>
        </Table.Tr>
      );
    }
    return rows.map((row) => (
      <Table.Tr key={row.id}>
        {row.getAllCells().map((cell) => (
          <Table.Td key={cell.id} {...stickyProps(cell.column.id)}>
            <table.FlexRender cell={cell} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  };

  return (
    <Stack gap="sm">
      {search || toolbar ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          {search ? <DataTableSearch {...search} /> : <span />}
          {toolbar ? (
            <Group gap="xs" wrap="wrap">
              {toolbar}
            </Group>
          ) : null}
        </Group>
      ) : null}
      <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
        <EdgeShadow side="start" dir={dir} shown={scroll.edges.start} />
        {/* With a sticky Actions column, that column casts the end's shadow itself. */}
        <EdgeShadow side="end" dir={dir} shown={scroll.edges.end && !hasRowActions} />
        {/* Scrolls sideways when the columns are wider than the screen (phones, longer languages): it
            takes the focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). */}
        <Table.ScrollContainer
          ref={scroll.ref}
          onScroll={scroll.onScroll}
          data-more-start={scroll.edges.start || undefined}
          data-more-end={scroll.edges.end || undefined}
          minWidth={minWidth}
          type="native"
          tabIndex={0}
          className="mantine-focus-auto"
          role="region"
          aria-label={label}
        >
          <Table highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={loading || undefined}>
            <Table.Thead>
              {headerGroups.map((group) => (
                <Table.Tr key={group.id}>{group.headers.map(renderHeader)}</Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>{renderBody()}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {paging ? <DataTablePager {...paging} disabled={loading} /> : null}
    </Stack>
  );
}
