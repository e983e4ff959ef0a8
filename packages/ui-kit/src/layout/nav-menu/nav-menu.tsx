import { Box } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { renderAnchor, useShellNav, type NavItem, type RenderLink } from '../nav';
import { NavMenuContext, type NavMenuRenderers } from './nav-menu-context';
import { NavMenuHorizontal } from './nav-menu-horizontal';
import { NavMenuVertical } from './nav-menu-vertical';

export type NavMenuProps = {
  /** The tree, already filtered by role and permissions. */
  items: readonly NavItem[];
  /** Current location path; the matching item is highlighted and its collapse opened. */
  activePath: string;
  /** In-app links; defaults to plain anchors. */
  renderLink?: RenderLink;
  /** Translated title; defaults to `item.title`. */
  getTitle?: (item: NavItem) => string;
  /** Icon for `item.icon`. */
  getIcon?: (name: string | undefined, item: NavItem) => ReactNode;
  /** Defaults from the app shell: horizontal in the top bar, vertical elsewhere. */
  orientation?: 'vertical' | 'horizontal';
  /** Icons only; defaults from the app shell's folded navbar. */
  folded?: boolean;
  onNavigate?: (item: NavItem) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
};

const defaultTitle = (item: NavItem) => item.title;

/** The portal menu: groups as headings, collapses as expandable lists, items as links, dividers. */
export function NavMenu({ items, activePath, renderLink = renderAnchor, getTitle = defaultTitle, getIcon, orientation, folded, onNavigate, label }: NavMenuProps) {
  const { t } = useLingui();
  const shell = useShellNav();
  const resolvedOrientation = orientation ?? (shell?.placement === 'topbar' ? 'horizontal' : 'vertical');
  const resolvedFolded = resolvedOrientation === 'vertical' && (folded ?? shell?.folded ?? false);
  const shellNavigate = shell?.onNavigate;

  const renderers = useMemo<NavMenuRenderers>(
    () => ({
      activePath,
      renderLink,
      getTitle,
      getIcon: (item) => getIcon?.(item.icon, item),
      onNavigate: (item) => {
        onNavigate?.(item);
        shellNavigate?.();
      },
      folded: resolvedFolded,
    }),
    [activePath, renderLink, getTitle, getIcon, onNavigate, shellNavigate, resolvedFolded],
  );

  return (
    <NavMenuContext.Provider value={renderers}>
      <Box component="nav" aria-label={label ?? t`Main navigation`} data-orientation={resolvedOrientation} data-folded={resolvedFolded || undefined}>
        {resolvedOrientation === 'horizontal' ? <NavMenuHorizontal items={items} /> : <NavMenuVertical items={items} />}
      </Box>
    </NavMenuContext.Provider>
  );
}
