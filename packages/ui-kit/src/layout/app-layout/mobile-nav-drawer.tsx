import { Drawer, ScrollArea, useDirection } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { ShellNavContext, type ShellNavContextValue } from '../nav';
import { LAYOUT_SIZES } from '../layout-constants';

export type MobileNavDrawerProps = {
  opened: boolean;
  onClose: () => void;
  logo?: ReactNode;
  children: ReactNode;
};

/** The navbar on phones: a drawer from the inline-start side, closed after following a link. */
export function MobileNavDrawer({ opened, onClose, logo, children }: MobileNavDrawerProps) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const context = useMemo<ShellNavContextValue>(() => ({ placement: 'drawer', folded: false, onNavigate: onClose }), [onClose]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'right' : 'left'}
      size={LAYOUT_SIZES.navbarWidth}
      title={logo ?? t`Navigation`}
      scrollAreaComponent={ScrollArea.Autosize}
      padding="xs"
    >
      <ShellNavContext.Provider value={context}>{children}</ShellNavContext.Provider>
    </Drawer>
  );
}
