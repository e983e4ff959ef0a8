/** Spec section 9 ("Business constants and limits") plus the shell's own bar heights. */
export const LAYOUT_SIZES = {
  navbarWidth: 280,
  navbarFoldedWidth: 64,
  /** A folded navbar expands when the pointer rests on it this long. */
  navbarHoverDelayMs: 150,
  settingsPanelWidth: 380,
  /** Content width of the boxed layout (horizontal-1). */
  boxedMaxWidth: 1280,
  /** Content and bar width of layout 3 (horizontal-2). */
  boxedMaxWidthLayout3: 1120,
  toolbarHeight: 64,
  topNavHeight: 48,
  footerHeight: 48,
  /** Spec: at most 10 navigation search suggestions. */
  navSearchMaxResults: 10,
} as const;
