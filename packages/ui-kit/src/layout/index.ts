export { AppLayout, type AppLayoutProps } from './app-layout';
export { ColorSchemeControl, ColorSchemePanel, ColorSchemeSync } from './color-scheme-panel';
export { LAYOUT_SIZES } from './layout-constants';
export {
  COLOR_SCHEME_SETTINGS,
  DEFAULT_LAYOUT_SETTINGS,
  LAYOUT_PANELS,
  LAYOUT_VARIANTS,
  parseLayoutSettings,
  selectLayoutSettings,
  subscribeLayoutSettings,
  useLayoutStore,
  type ColorSchemeSetting,
  type LayoutChangeSource,
  type LayoutPanel,
  type LayoutSettings,
  type LayoutState,
  type LayoutVariant,
} from './layout-store';
export { MissingPage, type MissingPageProps } from './missing-page';
export {
  containsActiveItem,
  findNavItem,
  flattenNavItems,
  isNavItemActive,
  renderAnchor,
  ShellNavContext,
  useShellNav,
  type NavItem,
  type NavItemBadge,
  type NavItemType,
  type RenderLink,
  type RenderLinkProps,
  type ShellNavContextValue,
  type ShellNavPlacement,
} from './nav';
export { NavMenu, type NavMenuProps } from './nav-menu';
export { NavSearch, searchNavItems, type NavSearchProps } from './nav-search';
export { QuickPanel, type QuickPanelItem, type QuickPanelProps, type QuickPanelSection } from './quick-panel';
export { LayoutPanelButton, SettingsPanel, type LayoutPanelButtonProps, type SettingsPanelProps } from './settings-panel';
export { ShortcutsBar, type ShortcutsBarProps } from './shortcuts-bar';
export { getInitial, UserMenu, type UserMenuProps } from './user-menu';
