import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { CopyBlock } from '@portal/ui-kit';

export type RecoveryCodesProps = {
  codes: string[];
  onDone: () => void;
};

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The one-time recovery codes, shown once right after two-factor is turned on. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useLingui();
  const text = codes.join('\n');
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.
        </Trans>
      </Text>
      <CopyBlock label={t`Recovery codes`} value={text} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => download(`${text}\n`, 'recovery-codes.txt')}>
          <Trans>Download</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
