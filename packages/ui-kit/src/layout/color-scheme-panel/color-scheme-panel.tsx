import { Drawer, useDirection } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useLayoutStore } from '../layout-store';
import { ColorSchemeControl } from './color-scheme-control';

/** Quick colour-scheme switcher; open it with `openPanel('colorScheme')`. */
export function ColorSchemePanel() {
  const { t } = useLingui();
  const { dir } = useDirection();
  const opened = useLayoutStore((state) => state.panels.colorScheme);
  const closePanel = useLayoutStore((state) => state.closePanel);
  return (
    <Drawer opened={opened} onClose={() => closePanel('colorScheme')} position={dir === 'rtl' ? 'left' : 'right'} size={320} title={t`Colour scheme`}>
      <ColorSchemeControl />
    </Drawer>
  );
}
