import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField, Dialog, notify } from '@portal/ui-kit';
import { EncryptedBadge } from './e2ee-notices';

export type EncryptedLinkDialogProps = {
  /** The full join link, key included; null: closed. */
  link: string | null;
  onClose: () => void;
};

/**
 * Shown once, right after an end-to-end encrypted meeting is scheduled: the full join link (its
 * key is in the fragment, kept only by this browser and the link itself), and why the meeting is
 * not recorded.
 */
export function EncryptedLinkDialog({ link, onClose }: EncryptedLinkDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog opened={link !== null} onClose={onClose} title={t`End-to-end encrypted meeting`}>
      <Stack gap="md">
        <div>
          <EncryptedBadge />
        </div>
        <Text size="sm">
          <Trans>Only people who open this full link can join: its key never reaches the server. Invitation mails carry the link without its key, so send this link yourself.</Trans>
        </Text>
        <CopyField label={t`Full invitation link`} value={link ?? ''} onCopy={() => notify.success(t`Link copied`)} />
        <Text size="sm" c="dimmed">
          <Trans>End-to-end encrypted meetings are never recorded or transcribed.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
