import { Button, Group, Stack, type ModalProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '../dialog';

export type FormDialogProps = {
  opened: boolean;
  title: ReactNode;
  submitLabel?: string;
  cancelLabel?: string;
  /** The submit is running: the button spins, a second submit is ignored, the dialog stays open. */
  loading?: boolean;
  submitDisabled?: boolean;
  /** Receives the form's submit event; works with `form.onSubmit(handler)` from @mantine/form. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
};

/** A modal holding a `<form>`: Enter submits, focus stays inside, Escape closes. */
export function FormDialog({
  opened,
  title,
  submitLabel,
  cancelLabel,
  loading = false,
  submitDisabled = false,
  onSubmit,
  onClose,
  size = 'md',
  children,
}: FormDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size={size} trapFocus closeOnEscape={!loading} closeOnClickOutside={!loading}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!loading) onSubmit(event);
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {cancelLabel ?? t`Cancel`}
            </Button>
            <Button type="submit" loading={loading} disabled={submitDisabled}>
              {submitLabel ?? t`Save`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
