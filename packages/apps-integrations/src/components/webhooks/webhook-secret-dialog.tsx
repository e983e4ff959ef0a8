import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField, Dialog } from '@portal/ui-kit';

export type WebhookSecretDialogProps = {
  opened: boolean;
  /** The `whsec_` secret the server answered once (on creation or rotation). */
  secret: string | null;
  /** After a rotation: the previous secret keeps signing until then. */
  rotatedUntil: string | null;
  onClose: () => void;
};

/**
 * The endpoint's signing secret, shown this once with a copy button: the server keeps it sealed
 * and never answers it again. After a rotation it says how long the previous one stays valid.
 */
export function WebhookSecretDialog({ opened, secret, rotatedUntil, onClose }: WebhookSecretDialogProps) {
  const { t, i18n } = useLingui();
  const until = rotatedUntil ? i18n.date(new Date(rotatedUntil), { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Signing secret`} size="lg">
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          <Trans>Copy this secret now: it is not shown again. Receivers use it to check the webhook-signature header of every delivery.</Trans>
        </Alert>
        {secret ? <CopyField label={t`Signing secret`} value={secret} /> : null}
        {until ? (
          <Text size="sm">
            <Trans>The previous secret stays valid for 24 hours, until {until}: deliveries carry both signatures meanwhile.</Trans>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
