import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLayoutStore, type LayoutPanel } from '../layout-store';

export type LayoutPanelButtonProps = {
  panel: Exclude<LayoutPanel, 'mobileNav'>;
  /** Accessible name and tooltip, e.g. "Theme settings". */
  label: string;
  icon: ReactNode;
};

/** A toolbar button that opens one of the shell's side panels. */
export function LayoutPanelButton({ panel, label, icon }: LayoutPanelButtonProps) {
  const opened = useLayoutStore((state) => state.panels[panel]);
  const togglePanel = useLayoutStore((state) => state.togglePanel);
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-expanded={opened} aria-haspopup="dialog" onClick={() => togglePanel(panel)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
