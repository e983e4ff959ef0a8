import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useId, type ReactNode } from 'react';
import { useLayoutStore, type LayoutVariant } from '../layout-store';
import { HorizontalLayout } from './horizontal-layout';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { SkipLink } from './skip-link';
import { VerticalLayout } from './vertical-layout';

export type AppLayoutProps = {
  children: ReactNode;
  /** Navigation, usually a `NavMenu`; it adapts to navbar, top bar or drawer on its own. */
  navbar?: ReactNode;
  /** Top bar content: search, shortcuts, language menu, user menu ... */
  toolbar?: ReactNode;
  footer?: ReactNode;
  /** Brand logo for the navbar or top bar. */
  logo?: ReactNode;
  /** Spec: auth, Slack and purchase pages hide the chrome. */
  hideNavbar?: boolean;
  hideToolbar?: boolean;
  hideFooter?: boolean;
  /** Overrides the layout from `useLayoutStore` (previews). */
  layout?: LayoutVariant;
};

/**
 * The portal shell in the user's layout (`useLayoutStore`): vertical with a foldable side
 * navbar, or horizontal with a top menu bar (full width, or boxed in layout 3). On phones the
 * navigation moves into a drawer opened by the burger.
 */
export function AppLayout({ children, navbar, toolbar, footer, logo, hideNavbar = false, hideToolbar = false, hideFooter = false, layout }: AppLayoutProps) {
  const storedLayout = useLayoutStore((state) => state.layout);
  const folded = useLayoutStore((state) => state.navbarFolded);
  const toggleNavbarFolded = useLayoutStore((state) => state.toggleNavbarFolded);
  const mobileNavOpened = useLayoutStore((state) => state.panels.mobileNav);
  const togglePanel = useLayoutStore((state) => state.togglePanel);
  const closePanel = useLayoutStore((state) => state.closePanel);
  const mainId = useId();
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);

  const closeMobileNav = useCallback(() => closePanel('mobileNav'), [closePanel]);
  const toggleMobileNav = useCallback(() => togglePanel('mobileNav'), [togglePanel]);

  // A drawer opened on a phone must not stay open when the window grows past the breakpoint.
  useEffect(() => {
    if (isDesktop) closeMobileNav();
  }, [isDesktop, closeMobileNav]);

  const variant = layout ?? storedLayout;
  const shared = {
    navbar,
    toolbar,
    footer,
    logo,
    hideNavbar,
    hideToolbar,
    hideFooter,
    folded,
    onToggleFolded: toggleNavbarFolded,
    mobileNavOpened,
    onToggleMobileNav: toggleMobileNav,
    mainId,
    children,
  };

  return (
    <>
      <SkipLink targetId={mainId} />
      {variant === 'vertical' ? <VerticalLayout {...shared} /> : <HorizontalLayout {...shared} boxedBars={variant === 'horizontal-2'} />}
      {!hideNavbar && navbar !== undefined ? (
        <MobileNavDrawer opened={mobileNavOpened} onClose={closeMobileNav} logo={logo}>
          {navbar}
        </MobileNavDrawer>
      ) : null}
    </>
  );
}
