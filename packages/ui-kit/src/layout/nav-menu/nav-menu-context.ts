import { createContext, useContext, type ReactNode } from 'react';
import type { NavItem } from '../nav';
import type { RenderLink } from '../nav';

export type NavMenuRenderers = {
  activePath: string;
  renderLink: RenderLink;
  getTitle: (item: NavItem) => string;
  getIcon: (item: NavItem) => ReactNode;
  onNavigate: (item: NavItem) => void;
  folded: boolean;
};

export const NavMenuContext = createContext<NavMenuRenderers | null>(null);

export function useNavMenu(): NavMenuRenderers {
  const value = useContext(NavMenuContext);
  if (!value) throw new Error('NavMenu parts must render inside NavMenu.');
  return value;
}
