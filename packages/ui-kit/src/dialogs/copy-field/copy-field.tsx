import { ActionIcon, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCopy } from './use-copy';

export type CopyFieldProps = {
  label: string;
  value: string;
  /** E.g. to show the spec's "user info copied" snackbar. */
  onCopy?: (value: string) => void;
};

/** A read-only value with a copy button, for sign-in details, links and ids. */
export function CopyField({ label, value, onCopy }: CopyFieldProps) {
  const { t } = useLingui();
  const { copied, copy } = useCopy(value, onCopy);
  const buttonLabel = copied ? t`Copied` : t`Copy ${label}`;
  return (
    <>
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSection={
          <Tooltip label={copied ? t`Copied` : t`Copy`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={buttonLabel} onClick={copy}>
              {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        }
      />
      <VisuallyHidden role="status">{copied ? <Trans>Copied</Trans> : null}</VisuallyHidden>
    </>
  );
}
