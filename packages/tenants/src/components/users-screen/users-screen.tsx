import { Button, Stack, Title } from '@mantine/core';
import { IconDeviceDesktopOff, IconDownload, IconMail, IconPencil, IconPlus, IconTrash, IconUpload, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isInRoleGroup, useCan, useCurrentUser } from '@portal/auth';
import { ConfirmDialog, notify, PageLoader, RowAction, useServerTable, useDialogState, useStepBackFromEmptyPage } from '@portal/ui-kit';
import type { UserCreated } from '../../api/users/add-user';
import { useEndUserSessions } from '../../api/users/end-user-sessions';
import { useExportUsers } from '../../api/users/export-users';
import { toUserSort, useUsers } from '../../api/users/get-users';
import { useInviteUser } from '../../api/users/invite-user';
import { useUpdateUser } from '../../api/users/update-user';
import { DeleteUserDialog } from '../delete-user-dialog';
import { ImportUsersDialog } from '../import-users-dialog';
import { SignInInfoDialog, type SignInInfo } from '../sign-in-info-dialog';
import { UserFormDialog } from '../user-form-dialog';
import { UsersTable, type User } from '../users-table';

/**
 * The tenant's users (spec: "Users (admin)"): searched, sorted and cursor-paged on the server,
 * with add, import, export and per-row edit, enable/disable, invite and delete, each shown only
 * with its permission.
 */
export function UsersScreen() {
  const { t } = useLingui();
  const currentUser = useCurrentUser();
  const canAdd = useCan('user.put');
  const canExport = useCan('user.get');
  const canEdit = useCan('user.update');
  const canEnable = useCan('user.enable');
  const canInvite = useCan('user.invite');
  const canDelete = useCan('user.delete');
  // Ending sessions is for the admin role group (x-role-group admin) holding user.update.
  const canEndSessions = canEdit && isInRoleGroup(currentUser.data, 'admin');

  const table = useServerTable({ defaultSort: { id: 'email', desc: false } });
  const users = useUsers({ ...table.params, sort: toUserSort(table.params.sort) });

  const form = useDialogState<User | null>();
  const deletion = useDialogState<User>();
  const importing = useDialogState<true>();
  const signIn = useDialogState<SignInInfo>();
  const disabling = useDialogState<User>();

  const updateUser = useUpdateUser();
  const inviteUser = useInviteUser();
  const endSessions = useEndUserSessions();
  const exportUsers = useExportUsers();

  useStepBackFromEmptyPage(users, table);

  const setStatus = (user: User, status: 'enabled' | 'disabled', onDone?: () => void) => {
    updateUser.mutate(
      { userId: user.id, changes: { status } },
      {
        onSuccess: () => {
          notify.success(status === 'enabled' ? t`User enabled` : t`User disabled`);
          onDone?.();
        },
      },
    );
  };

  // Disabling signs the person out everywhere and keeps them out: asked first. Enabling is not.
  const toggleStatus = (user: User) => (user.status === 'enabled' ? disabling.open(user) : setStatus(user, 'enabled'));

  const confirmDisable = () => {
    if (disabling.target) setStatus(disabling.target, 'disabled', disabling.close);
  };

  const invite = (user: User) => {
    inviteUser.mutate({ userId: user.id }, {
      onSuccess: () => notify.success(t`Invitation sent successfully`),
    });
  };

  const endUserSessions = (user: User) => {
    endSessions.mutate({ userId: user.id }, {
      onSuccess: () => notify.success(t`Sessions ended`),
    });
  };

  const exportCsv = () => {
    exportUsers.mutate(table.q ? { q: table.q } : {});
  };

  const showCreated = (created: UserCreated) => {
    form.close();
    signIn.open(created.signIn);
  };

  const busy = (pending: boolean, variables: unknown, user: User) => pending && variables === user.id;
  const hasRowActions = canEdit || canEnable || canInvite || canDelete || canEndSessions;

  const rowActions = (user: User) => (
    <>
      {canEdit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => form.open(user)} /> : null}
      {canEnable ? (
        <RowAction
          label={user.status === 'enabled' ? t`Disable` : t`Enable`}
          icon={user.status === 'enabled' ? <IconUserOff size={18} aria-hidden="true" /> : <IconUserCheck size={18} aria-hidden="true" />}
          onClick={() => toggleStatus(user)}
          loading={busy(updateUser.isPending, updateUser.variables?.userId, user)}
        />
      ) : null}
      {canInvite ? (
        <RowAction
          label={t`Invite`}
          icon={<IconMail size={18} aria-hidden="true" />}
          onClick={() => invite(user)}
          loading={busy(inviteUser.isPending, inviteUser.variables, user)}
        />
      ) : null}
      {canEndSessions ? (
        <RowAction
          label={t`End sessions`}
          icon={<IconDeviceDesktopOff size={18} aria-hidden="true" />}
          onClick={() => endUserSessions(user)}
          loading={busy(endSessions.isPending, endSessions.variables, user)}
        />
      ) : null}
      {canDelete ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(user)} /> : null}
    </>
  );

  const toolbar =
    canAdd || canExport ? (
      <>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => form.open(null)}>
            <Trans>Add</Trans>
          </Button>
        ) : null}
        {canAdd ? (
          <Button variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => importing.open(true)}>
            <Trans>Import</Trans>
          </Button>
        ) : null}
        {canExport ? (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={exportCsv} loading={exportUsers.isPending}>
            <Trans>Export</Trans>
          </Button>
        ) : null}
      </>
    ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Users</Trans>
      </Title>
      {/* Actions depend on the caller's permissions: wait for them rather than pop buttons in. */}
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <UsersTable table={table} users={users} toolbar={toolbar} rowActions={hasRowActions ? rowActions : undefined} />
      )}
      <UserFormDialog key={`form-${form.key}`} opened={form.opened} user={form.target} onClose={form.close} onCreated={showCreated} />
      <SignInInfoDialog opened={signIn.opened} signIn={signIn.target} onClose={signIn.close} />
      <DeleteUserDialog key={`delete-${deletion.key}`} opened={deletion.opened} user={deletion.target} onClose={deletion.close} />
      <ImportUsersDialog key={`import-${importing.key}`} opened={importing.opened} onClose={importing.close} />
      <ConfirmDialog
        opened={disabling.opened}
        title={t`Disable user`}
        message={t`Are you sure you want to disable this user?`}
        confirmLabel={t`Disable`}
        danger
        loading={updateUser.isPending}
        onConfirm={confirmDisable}
        onClose={disabling.close}
      >
        {disabling.target ? (
          <Trans>
            {disabling.target.email} is signed out everywhere and cannot sign in until the account is enabled again.
          </Trans>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
