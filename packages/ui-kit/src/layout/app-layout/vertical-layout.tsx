import { ActionIcon, AppShell, Box, Burger, Group, ScrollArea, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ShellNavContext, type ShellNavContextValue } from '../nav';
import { LAYOUT_SIZES } from '../layout-constants';
import type { ShellLayoutProps } from './shell-layout-props';
import { useHoverExpand } from './use-hover-expand';

export function VerticalLayout({ navbar, toolbar, footer, logo, hideNavbar, hideToolbar, hideFooter, folded, onToggleFolded, mobileNavOpened, onToggleMobileNav, mainId, children }: ShellLayoutProps) {
  const { t } = useLingui();
  const hover = useHoverExpand(folded, LAYOUT_SIZES.navbarHoverDelayMs);
  const compact = folded && !hover.expanded;
  const navContext = useMemo<ShellNavContextValue>(() => ({ placement: 'navbar', folded: compact }), [compact]);
  const showNavbar = !hideNavbar && navbar !== undefined;
  const foldLabel = folded ? t`Unfold navigation` : t`Fold navigation`;

  return (
    <AppShell
      header={hideToolbar ? undefined : { height: LAYOUT_SIZES.toolbarHeight }}
      navbar={
        showNavbar
          ? { width: folded ? LAYOUT_SIZES.navbarFoldedWidth : LAYOUT_SIZES.navbarWidth, breakpoint: 'sm', collapsed: { mobile: true } }
          : undefined
      }
      footer={hideFooter ? undefined : { height: LAYOUT_SIZES.footerHeight }}
      padding="md"
    >
      {hideToolbar ? null : (
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            {showNavbar ? <Burger hiddenFrom="sm" size="sm" opened={mobileNavOpened} onClick={onToggleMobileNav} aria-label={t`Open navigation`} /> : null}
            {logo ? <Box hiddenFrom={showNavbar ? 'sm' : undefined}>{logo}</Box> : null}
            <Group flex={1} justify="flex-end" gap="xs" wrap="nowrap" miw={0}>
              {toolbar}
            </Group>
          </Group>
        </AppShell.Header>
      )}
      {showNavbar ? (
        <AppShell.Navbar
          // The NavMenu inside is the navigation landmark; a second, nameless one would be noise.
          role="none"
          {...hover.handlers}
          data-folded={folded || undefined}
          data-expanded={hover.expanded || undefined}
          // Hover expansion overlays the page instead of pushing it, so the content does not jump.
          style={{
            width: hover.expanded ? LAYOUT_SIZES.navbarWidth : undefined,
            transition: 'width 150ms ease',
            boxShadow: hover.expanded ? 'var(--mantine-shadow-lg)' : undefined,
          }}
        >
          <AppShell.Section>
            <Group h={LAYOUT_SIZES.toolbarHeight} px="sm" justify={compact ? 'center' : 'space-between'} wrap="nowrap">
              {compact ? null : <Box miw={0}>{logo}</Box>}
              <Tooltip label={foldLabel}>
                <ActionIcon variant="subtle" color="gray" onClick={onToggleFolded} aria-label={foldLabel} visibleFrom="sm">
                  {folded ? <IconLayoutSidebarLeftExpand size={20} aria-hidden="true" /> : <IconLayoutSidebarLeftCollapse size={20} aria-hidden="true" />}
                </ActionIcon>
              </Tooltip>
            </Group>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea} px="xs" pb="md">
            <ShellNavContext.Provider value={navContext}>{navbar}</ShellNavContext.Provider>
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id={mainId} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
      {hideFooter ? null : (
        <AppShell.Footer>
          <Group h="100%" px="md" gap="sm">
            {footer}
          </Group>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
