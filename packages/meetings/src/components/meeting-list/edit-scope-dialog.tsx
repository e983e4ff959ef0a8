import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '@portal/ui-kit';

export type EditScopeDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called with the chosen scope: every occurrence, or only this one. */
  onChoose: (scope: 'all' | 'this') => void;
};

/** Before editing a recurring meeting: all occurrences, or this occurrence only. */
export function EditScopeDialog({ opened, onClose, onChoose }: EditScopeDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Edit recurring meeting`}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>Do you want to edit this occurrence only, or all occurrences of the meeting?</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="light" onClick={() => onChoose('all')}>
            <Trans>All occurrences</Trans>
          </Button>
          <Button onClick={() => onChoose('this')} data-autofocus>
            <Trans>This occurrence</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
