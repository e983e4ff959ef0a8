import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export type RowActionProps = {
  /** Accessible name and tooltip, e.g. "Delete". */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  disabled?: boolean;
  loading?: boolean;
};

/** An icon-only row action for `DataTable`'s `rowActions` slot. */
export function RowAction({ label, icon, onClick, color = 'gray', disabled, loading }: RowActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} disabled={disabled} loading={loading}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
