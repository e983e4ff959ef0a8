import { AppShell, Box, Burger, Container, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ShellNavContext, type ShellNavContextValue } from '../nav';
import { LAYOUT_SIZES } from '../layout-constants';
import type { ShellLayoutProps } from './shell-layout-props';

const TOPBAR_CONTEXT: ShellNavContextValue = { placement: 'topbar', folded: false };

function Bar({ boxed, width, h, children }: { boxed: boolean; width: number; h: number; children: ReactNode }) {
  return (
    <Container fluid={!boxed} size={width} h={h} px="md">
      {children}
    </Container>
  );
}

export type HorizontalLayoutProps = ShellLayoutProps & {
  /** horizontal-2 (layout 3) boxes the bars as well as the content, at a narrower width. */
  boxedBars: boolean;
};

export function HorizontalLayout({ navbar, toolbar, footer, logo, hideNavbar, hideToolbar, hideFooter, mobileNavOpened, onToggleMobileNav, mainId, boxedBars, children }: HorizontalLayoutProps) {
  const { t } = useLingui();
  const showNav = !hideNavbar && navbar !== undefined;
  const contentWidth = boxedBars ? LAYOUT_SIZES.boxedMaxWidthLayout3 : LAYOUT_SIZES.boxedMaxWidth;
  // The menu row is hidden on phones (the drawer takes over), so the header is shorter there.
  const toolbarHeight = hideToolbar ? 0 : LAYOUT_SIZES.toolbarHeight;
  const navHeight = showNav ? LAYOUT_SIZES.topNavHeight : 0;
  const hasHeader = toolbarHeight + navHeight > 0;

  return (
    <AppShell
      header={hasHeader ? { height: { base: toolbarHeight || navHeight, sm: toolbarHeight + navHeight } } : undefined}
      footer={hideFooter ? undefined : { height: LAYOUT_SIZES.footerHeight }}
      padding="md"
    >
      {hasHeader ? (
        <AppShell.Header>
          {hideToolbar ? null : (
            <Bar boxed={boxedBars} width={contentWidth} h={LAYOUT_SIZES.toolbarHeight}>
              <Group h="100%" gap="sm" wrap="nowrap">
                {showNav ? <Burger hiddenFrom="sm" size="sm" opened={mobileNavOpened} onClick={onToggleMobileNav} aria-label={t`Open navigation`} /> : null}
                {logo}
                <Group flex={1} justify="flex-end" gap="xs" wrap="nowrap" miw={0}>
                  {toolbar}
                </Group>
              </Group>
            </Bar>
          )}
          {showNav ? (
            <Box visibleFrom="sm" style={{ borderTop: hideToolbar ? undefined : '1px solid var(--app-shell-border-color)' }}>
              <Bar boxed={boxedBars} width={contentWidth} h={LAYOUT_SIZES.topNavHeight}>
                <Group h="100%" align="center">
                  <ShellNavContext.Provider value={TOPBAR_CONTEXT}>{navbar}</ShellNavContext.Provider>
                </Group>
              </Bar>
            </Box>
          ) : null}
        </AppShell.Header>
      ) : null}
      <AppShell.Main id={mainId} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size={contentWidth} px={0}>
          {children}
        </Container>
      </AppShell.Main>
      {hideFooter ? null : (
        <AppShell.Footer>
          <Bar boxed={boxedBars} width={contentWidth} h={LAYOUT_SIZES.footerHeight}>
            <Group h="100%" gap="sm">
              {footer}
            </Group>
          </Bar>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
