import { Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from '../dialog';

export type ConfirmDialogProps = {
  opened: boolean;
  title: ReactNode;
  /** The spec's question, e.g. "Are you sure you want to delete the user ?". */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and the focus starts on Cancel so Enter does not destroy by accident. */
  danger?: boolean;
  /** The confirmed action is running: the confirm button spins and the dialog cannot be dismissed. */
  loading?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra content under the message, e.g. a "new owner" select. */
  children?: ReactNode;
};

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={title} busy={loading}>
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus={danger || undefined}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} disabled={confirmDisabled}>
            {confirmLabel ?? t`Confirm`}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
