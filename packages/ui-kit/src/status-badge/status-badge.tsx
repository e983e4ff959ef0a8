import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type StatusBadgeProps = { status: 'enabled' | 'disabled' };

/** The Status column of a list (users, clients, phone numbers, SSO providers ...): Enabled or Disabled. */
export function StatusBadge({ status }: StatusBadgeProps) {
  return status === 'enabled' ? (
    <Badge color="green" variant="light">
      <Trans>Enabled</Trans>
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      <Trans>Disabled</Trans>
    </Badge>
  );
}
