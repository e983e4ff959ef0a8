export { containsActiveItem, findNavItem, flattenNavItems, isNavItemActive, type NavItem, type NavItemBadge, type NavItemType } from './nav-item';
export { renderAnchor, type RenderLink, type RenderLinkProps } from './render-link';
export { ShellNavContext, useShellNav, type ShellNavContextValue, type ShellNavPlacement } from './shell-context';
