import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schema } from '@portal/api-client';
import { createDataTableColumnHelper, DataTable, type UseServerTableResult, StatusBadge } from '@portal/ui-kit';
import { problemText } from '@portal/forms';

export type User = Schema<'User'>;

export type UsersTableProps = {
  /** The search, sort and cursor paging the page was asked with. */
  table: UseServerTableResult;
  /** One page of users from getUsers or getTenantUsers. */
  users: UseQueryResult<Schema<'UserPage'>>;
  toolbar?: ReactNode;
  rowActions?: (user: User) => ReactNode;
};

const column = createDataTableColumnHelper<User>();

// Column ids are the API's sort fields; Role is not sortable on the server.
const columns = column.columns([
  column.accessor('email', { header: () => <Trans>Email</Trans> }),
  column.accessor('firstName', { header: () => <Trans>First Name</Trans> }),
  column.accessor('lastName', { header: () => <Trans>Last Name</Trans> }),
  column.accessor('roles', { header: () => <Trans>Role</Trans>, enableSorting: false, cell: ({ getValue }) => getValue().join(', ') }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
]);

const getRowId = (user: User) => user.id;

/**
 * A server-side users table (the Users screen, the tenant detail's User section): email, names,
 * roles and status, searched, sorted and cursor-paged on the server, with the spec's empty text
 * ('There are no users!', or 'No results..' for a search), loading and error states.
 */
export function UsersTable({ table, users, toolbar, rowActions }: UsersTableProps) {
  const { t, i18n } = useLingui();
  return (
    <DataTable
      {...table.bind(users.data?.nextCursor)}
      label={t`Users`}
      columns={columns}
      data={users.data?.items}
      getRowId={getRowId}
      loading={users.isPending}
      error={users.isError ? problemText(users.error, i18n) : undefined}
      onRetry={() => void users.refetch()}
      emptyText={table.q ? t`No results..` : t`There are no users!`}
      toolbar={toolbar}
      rowActions={rowActions}
    />
  );
}
