import { Button, Code, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useCopy } from './use-copy';

export type CopyBlockProps = {
  /** Heading of the block, e.g. "Sign-in information". */
  label?: string;
  /** Multi-line text copied as is. */
  value: string;
  onCopy?: (value: string) => void;
};

/** Several lines of read-only text (e.g. a new user's sign-in details) with one copy button. */
export function CopyBlock({ label, value, onCopy }: CopyBlockProps) {
  const { t } = useLingui();
  const labelId = useId();
  const { copied, copy } = useCopy(value, onCopy);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        {label ? (
          <Text id={labelId} size="sm" fw={500}>
            {label}
          </Text>
        ) : (
          <span />
        )}
        <Button
          size="xs"
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
          onClick={copy}
          aria-label={label && !copied ? t`Copy ${label}` : undefined}
        >
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </Group>
      <Paper withBorder radius="sm" aria-labelledby={label ? labelId : undefined} role={label ? 'group' : undefined}>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {value}
        </Code>
      </Paper>
      <VisuallyHidden role="status">{copied ? <Trans>Copied</Trans> : null}</VisuallyHidden>
    </Stack>
  );
}
