import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, CopyField } from '@portal/ui-kit';

export type ClientSecretDialogProps = {
  opened: boolean;
  /** The client id and its secret, as the server answered them this once. */
  credentials: { clientId: string; secret: string } | null;
  onClose: () => void;
};

/**
 * Shows a developer client's id and secret right after the secret was made. The server keeps
 * only a hash, so this is the one chance to copy it.
 */
export function ClientSecretDialog({ opened, credentials, onClose }: ClientSecretDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Client credentials`}>
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Trans>Copy the secret now: it will not be shown again.</Trans>
        </Alert>
        <CopyField label={t`Client ID`} value={credentials?.clientId ?? ''} />
        <CopyField label={t`Client secret`} value={credentials?.secret ?? ''} />
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
