import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { createDataTableColumnHelper, DataTable, StatusBadge } from '@portal/ui-kit';
import type { Role } from '../../api/roles/get-roles';
import { useTenantRoles } from '../../api/roles/get-tenant-roles';
import { ROLES_PATH } from '../../routes/tenant-paths';
import { problemText } from '@portal/forms';

export type TenantRolesSectionProps = {
  tenantId: string;
  /** The tenant shown is the caller's own: its roles are managed on the Roles screen. */
  own: boolean;
};

const column = createDataTableColumnHelper<Role>();

// The server sends every role by name, whole: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Role name</Trans>,
    enableSorting: false,
    cell: ({ row, getValue }) => (
      <Group gap="xs" wrap="nowrap">
        <span>{getValue()}</span>
        {row.original.builtIn ? (
          <Badge color="blue" variant="light" size="sm">
            <Trans>Built-in</Trans>
          </Badge>
        ) : null}
      </Group>
    ),
  }),
  column.accessor('description', { header: () => <Trans>Description</Trans>, enableSorting: false }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('userCount', { header: () => <Trans>Users</Trans>, enableSorting: false }),
]);

const getRowId = (role: Role) => role.id;

/**
 * The "Roles" section of the tenant detail: the tenant's roles, read only, with their status, how
 * many users hold each and which are built in. The caller's own tenant links to the Roles screen,
 * where they are changed; another tenant's roles are its administrators' to manage.
 */
export function TenantRolesSection({ tenantId, own }: TenantRolesSectionProps) {
  const { t, i18n } = useLingui();
  const roles = useTenantRoles(tenantId);
  return (
    <Stack gap="sm">
      <DataTable
        label={t`Roles`}
        columns={columns}
        data={roles.data?.items}
        getRowId={getRowId}
        loading={roles.isPending}
        error={roles.isError ? problemText(roles.error, i18n) : undefined}
        onRetry={() => void roles.refetch()}
        emptyText={t`There are no roles!`}
      />
      {own ? (
        <Anchor component={Link} to={ROLES_PATH}>
          <Trans>Manage roles</Trans>
        </Anchor>
      ) : null}
    </Stack>
  );
}
