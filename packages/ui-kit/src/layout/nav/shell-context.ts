import { createContext, useContext } from 'react';

/** Where a nav renders inside the app shell, so `NavMenu` adapts without extra props. */
export type ShellNavPlacement = 'navbar' | 'drawer' | 'topbar';

export type ShellNavContextValue = {
  placement: ShellNavPlacement;
  /** Icons only: the vertical navbar is folded and not hover-expanded. */
  folded: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
};

export const ShellNavContext = createContext<ShellNavContextValue | null>(null);

export function useShellNav(): ShellNavContextValue | null {
  return useContext(ShellNavContext);
}
