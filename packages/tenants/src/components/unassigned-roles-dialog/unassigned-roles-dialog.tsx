import { Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog, ConfirmDialog, ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { useEditUnassignedRoles, type UnassignedRolesEdit } from '../../api/roles/edit-unassigned-roles';
import { useUnassignedRoles } from '../../api/roles/get-unassigned-roles';
import { problemText } from '@portal/forms';

export type UnassignedRolesDialogProps = { opened: boolean; onClose: () => void };

/**
 * The roles nobody holds (spec: unassigned roles), to enable, disable or delete several at once.
 * Roles the caller may not change are listed but cannot be picked; built-in ones cannot be deleted.
 */
export function UnassignedRolesDialog({ opened, onClose }: UnassignedRolesDialogProps) {
  const { t, i18n } = useLingui();
  const roles = useUnassignedRoles({ enabled: opened });
  const edit = useEditUnassignedRoles();
  const [picked, setPicked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const items = roles.data?.items ?? [];
  const pickedRoles = items.filter((role) => picked.includes(role.id));

  const run = (action: UnassignedRolesEdit['action']) => {
    edit.mutate(
      { action, roleIds: picked },
      {
        onSuccess: () => {
          notify.success(action === 'delete' ? t`Role deleted successfully` : t`Role edited successfully`);
          setPicked([]);
          setConfirming(false);
        },
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t`Unassigned roles`} size="lg">
      {roles.isPending ? (
        <PageLoader h={160} />
      ) : roles.isError ? (
        <ErrorState message={problemText(roles.error, i18n)} actionLabel={t`Retry`} onAction={() => void roles.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">
          <Trans>Every role is held by at least one user.</Trans>
        </Text>
      ) : (
        <Stack gap="md">
          <ScrollArea.Autosize mah={360}>
            <Checkbox.Group value={picked} onChange={setPicked} label={t`Roles no user holds`}>
              <Stack gap="xs" mt="xs">
                {items.map((role) => (
                  <Checkbox
                    key={role.id}
                    value={role.id}
                    disabled={!role.editable}
                    label={role.status === 'disabled' ? `${role.name} (${t`Disabled`})` : role.name}
                    description={role.description || undefined}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" disabled={picked.length === 0} loading={edit.isPending && edit.variables?.action === 'enable'} onClick={() => run('enable')}>
              <Trans>Enable</Trans>
            </Button>
            <Button variant="default" disabled={picked.length === 0} loading={edit.isPending && edit.variables?.action === 'disable'} onClick={() => run('disable')}>
              <Trans>Disable</Trans>
            </Button>
            <Button color="red" disabled={pickedRoles.length === 0 || pickedRoles.some((role) => role.builtIn)} onClick={() => setConfirming(true)}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t`Delete roles`}
        message={t`Are you sure you want to delete the selected roles ?`}
        confirmLabel={t`Delete`}
        danger
        loading={edit.isPending}
        onConfirm={() => run('delete')}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}
