import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPencil, IconPlus, IconTrash, IconUserOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, PageLoader, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useDeleteRole } from '../../api/roles/delete-role';
import { useDeleteRoles } from '../../api/roles/delete-roles';
import { useRoles, type Role } from '../../api/roles/get-roles';
import { useUpdateRole } from '../../api/roles/update-role';
import { CREATE_ROLE_PATH, editRolePath } from '../../routes/tenant-paths';
import { UnassignedRolesDialog } from '../unassigned-roles-dialog';

const column = createDataTableColumnHelper<Role>();

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Role name</Trans>,
    enableSorting: false,
    cell: ({ row, getValue }) => (
      <Group gap="xs" wrap="nowrap">
        <span>{getValue()}</span>
        {row.original.status === 'disabled' ? (
          <Badge color="gray" variant="light" size="sm">
            <Trans>Disabled</Trans>
          </Badge>
        ) : null}
      </Group>
    ),
  }),
  column.accessor('description', { header: () => <Trans>Description</Trans>, enableSorting: false }),
]);

const getRowId = (role: Role) => role.id;

/**
 * The tenant's roles (spec 'Roles': columns role name and description; create, edit, disable,
 * delete and delete all). Searched and cursor-paged on the server; a role the caller may not
 * change (ranked above it, or doing more than it may) shows no write actions.
 */
export function RolesScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const canCreate = useCan('roles.put');
  const canEdit = useCan('roles.update');
  const canDelete = useCan('roles.delete');
  const table = useServerTable();
  const roles = useRoles(table.params);
  const deletion = useDialogState<Role>();
  const deletionOfAll = useDialogState<true>();
  const unassigned = useDialogState<true>();
  const deleteRole = useDeleteRole();
  const deleteRoles = useDeleteRoles();
  const updateRole = useUpdateRole();

  useStepBackFromEmptyPage(roles, table);

  const confirmDelete = () => {
    if (!deletion.target) return;
    deleteRole.mutate({ roleId: deletion.target.id }, {
      onSuccess: () => {
        notify.success(t`Role deleted successfully`);
        deletion.close();
      },
    });
  };

  const confirmDeleteAll = () => {
    deleteRoles.mutate(undefined, {
      onSuccess: ({ deleted, kept }) => {
        notify.success(kept > 0 ? t`${deleted} roles deleted; ${kept} you may not change were kept` : t`Role deleted successfully`);
        deletionOfAll.close();
      },
    });
  };

  const toggleStatus = (role: Role) => {
    const status = role.status === 'enabled' ? 'disabled' : 'enabled';
    updateRole.mutate({ roleId: role.id, changes: { status } }, { onSuccess: () => notify.success(t`Role edited successfully`) });
  };

  const rowActions =
    canEdit || canDelete
      ? (role: Role) =>
          role.editable ? (
            <>
              {canEdit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => void navigate(editRolePath(role.id))} /> : null}
              {canEdit ? (
                role.status === 'enabled' ? (
                  <RowAction label={t`Disable`} icon={<IconBan size={18} aria-hidden="true" />} onClick={() => toggleStatus(role)} />
                ) : (
                  <RowAction label={t`Enable`} icon={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => toggleStatus(role)} />
                )
              ) : null}
              {canDelete && !role.builtIn ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(role)} /> : null}
            </>
          ) : null
      : undefined;

  const toolbar =
    canCreate || canEdit || canDelete ? (
      <Group gap="xs">
        {canCreate ? (
          <Button component={Link} to={CREATE_ROLE_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
            <Trans>Create</Trans>
          </Button>
        ) : null}
        {canEdit ? (
          <Button variant="default" leftSection={<IconUserOff size={16} aria-hidden="true" />} onClick={() => unassigned.open(true)}>
            <Trans>Unassigned roles</Trans>
          </Button>
        ) : null}
        {canDelete ? (
          <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => deletionOfAll.open(true)}>
            <Trans>Delete all</Trans>
          </Button>
        ) : null}
      </Group>
    ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Roles</Trans>
      </Title>
      {/* Actions depend on the caller's permissions: wait for them rather than pop buttons in. */}
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <DataTable
          {...table.bind(roles.data?.nextCursor)}
          label={t`Roles`}
          columns={columns}
          data={roles.data?.items}
          getRowId={getRowId}
          loading={roles.isPending}
          error={roles.isError ? problemText(roles.error, i18n) : undefined}
          onRetry={() => void roles.refetch()}
          emptyText={table.q ? t`No results..` : t`There are no roles!`}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <UnassignedRolesDialog key={`unassigned-${unassigned.key}`} opened={unassigned.opened} onClose={unassigned.close} />
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete role`}
        message={t`Are you sure you want to delete the role ? Users holding it lose it.`}
        confirmLabel={t`Delete`}
        danger
        loading={deleteRole.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
      <ConfirmDialog
        opened={deletionOfAll.opened}
        title={t`Delete all roles`}
        message={t`Are you sure you want to delete all roles ? Built-in roles are kept; users lose the deleted ones.`}
        confirmLabel={t`Delete all`}
        danger
        loading={deleteRoles.isPending}
        onConfirm={confirmDeleteAll}
        onClose={deletionOfAll.close}
      />
    </Stack>
  );
}
