import { Alert, Badge } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLock, IconLockOff } from '@tabler/icons-react';

/** Says, where the meeting is shown, that its media is end-to-end encrypted. */
export function EncryptedBadge({ variant = 'light', size = 'sm' }: { variant?: 'light' | 'filled'; size?: 'xs' | 'sm' }) {
  return (
    <Badge color="teal" variant={variant} size={size} leftSection={<IconLock size={size === 'xs' ? 10 : 14} aria-hidden="true" />} style={{ textTransform: 'none' }}>
      <Trans>End-to-end encrypted</Trans>
    </Badge>
  );
}

export type EncryptionProblemProps = {
  /**
   * `missing-key`: the link has no key (a plain link, or one cut short); `unsupported`: this
   * browser cannot encrypt media frames; `undecryptable`: frames arrive that this key does not open.
   */
  problem: 'missing-key' | 'unsupported' | 'undecryptable';
};

/** Why an end-to-end encrypted meeting cannot be joined (or heard) as it is, and what to do. */
export function EncryptionProblem({ problem }: EncryptionProblemProps) {
  const { t } = useLingui();
  const text =
    problem === 'missing-key'
      ? t`This meeting is end-to-end encrypted. Open the full invitation link to join.`
      : problem === 'unsupported'
        ? t`This browser cannot join end-to-end encrypted meetings. Use a recent Chrome or Edge.`
        : t`Some audio or video cannot be decrypted: not everyone here opened the same invitation link.`;
  return (
    <Alert color={problem === 'undecryptable' ? 'orange' : 'red'} icon={<IconLockOff aria-hidden="true" />}>
      {text}
    </Alert>
  );
}
