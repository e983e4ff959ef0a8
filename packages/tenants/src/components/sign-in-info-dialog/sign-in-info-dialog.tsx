import { Alert, Button, Group, Stack } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schema } from '@portal/api-client';
import { Dialog, COPIED_FEEDBACK_MS, CopyField, notify } from '@portal/ui-kit';

export type SignInInfo = Schema<'UserCreated'>['signIn'];

export type SignInInfoDialogProps = {
  opened: boolean;
  signIn: SignInInfo | null;
  onClose: () => void;
};

/** After a user is created: the sign-in details to hand over, shown once, each copyable. */
export function SignInInfoDialog({ opened, signIn, onClose }: SignInInfoDialogProps) {
  const { t } = useLingui();
  const clipboard = useClipboard({ timeout: COPIED_FEEDBACK_MS });
  const email = signIn?.email ?? '';
  const password = signIn?.password ?? '';
  const url = signIn?.url ?? '';

  const copyAll = () => {
    clipboard.copy([`${t`Email`}: ${email}`, `${t`Password`}: ${password}`, `${t`Sign-in URL`}: ${url}`].join('\n'));
    notify.success(t`User info copied`);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t`Sign-in information`}>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          <Trans>Hand these details to the new user. The password is shown only this once.</Trans>
        </Alert>
        <CopyField label={t`Email`} value={email} />
        <CopyField label={t`Password`} value={password} />
        <CopyField label={t`Sign-in URL`} value={url} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="light"
            onClick={copyAll}
            leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          >
            <Trans>Copy all</Trans>
          </Button>
          <Button onClick={onClose} data-autofocus>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
