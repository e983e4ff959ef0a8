import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Schema } from '@portal/api-client';
import { ConfirmDialog, notify } from '@portal/ui-kit';
import { useDeleteUser } from '../../api/users/delete-user';
import { useUsers } from '../../api/users/get-users';

type User = Schema<'User'>;

export type DeleteUserDialogProps = {
  opened: boolean;
  user: User | null;
  onClose: () => void;
};

const NO_TRANSFER = 'none';
/** Spec: search suggestions show at most 10 entries. */
const OWNER_SUGGESTIONS = 10;

function ownerLabel(user: User) {
  return `${user.firstName} ${user.lastName} (${user.email})`;
}

/**
 * Confirms deleting a user and asks who takes over their data: another enabled user of the
 * tenant, found by server search, or nobody ("Don't transfer data", the default), in which case
 * the data is deleted with the user.
 */
export function DeleteUserDialog({ opened, user, onClose }: DeleteUserDialogProps) {
  const { t } = useLingui();
  const deleteUser = useDeleteUser();
  const [owner, setOwner] = useState<User | null>(null);
  const [search, setSearch] = useState('');

  const noTransferLabel = t`Don't transfer data`;
  // The search box shows the chosen option's label; that is not something to search for.
  const selectedLabel = owner ? ownerLabel(owner) : noTransferLabel;
  const typed = search === selectedLabel ? '' : search.trim();
  const [query] = useDebouncedValue(typed, 300);
  const candidates = useUsers({ q: query || undefined, limit: OWNER_SUGGESTIONS, status: 'enabled' }, { enabled: opened && user !== null });

  const others = (candidates.data?.items ?? []).filter((candidate) => candidate.id !== user?.id);
  const choices = owner && !others.some((candidate) => candidate.id === owner.id) ? [owner, ...others] : others;
  const options = [{ value: NO_TRANSFER, label: noTransferLabel }, ...choices.map((candidate) => ({ value: candidate.id, label: ownerLabel(candidate) }))];

  const confirm = () => {
    if (!user) return;
    deleteUser.mutate(
      { userId: user.id, transferTo: owner?.id },
      {
        onSuccess: () => {
          notify.success(t`User deleted`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t`Delete user`}
      message={t`Are you sure you want to delete the user ?`}
      confirmLabel={t`Delete`}
      danger
      loading={deleteUser.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Stack gap="sm">
        {user ? (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {ownerLabel(user)}
          </Text>
        ) : null}
        <Select
          label={t`New owner of the user's data`}
          searchable
          allowDeselect={false}
          data={options}
          value={owner?.id ?? NO_TRANSFER}
          onChange={(value) => setOwner(choices.find((candidate) => candidate.id === value) ?? null)}
          // The server searches; the options shown are already the matches.
          filter={({ options: shown }) => shown}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t`No results..`}
        />
        <Text size="sm" c={owner ? 'dimmed' : 'red'}>
          {owner ? (
            <Trans>Their meetings, recordings and other data move to {owner.email}.</Trans>
          ) : (
            <Trans>Data that is not transferred is deleted with the user.</Trans>
          )}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
