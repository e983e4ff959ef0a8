import { create } from 'zustand';

export const LAYOUT_VARIANTS = ['vertical', 'horizontal-1', 'horizontal-2'] as const;
export type LayoutVariant = (typeof LAYOUT_VARIANTS)[number];

export const COLOR_SCHEME_SETTINGS = ['light', 'dark', 'auto'] as const;
export type ColorSchemeSetting = (typeof COLOR_SCHEME_SETTINGS)[number];

export const LAYOUT_PANELS = ['settings', 'colorScheme', 'quick', 'mobileNav'] as const;
export type LayoutPanel = (typeof LAYOUT_PANELS)[number];

/** What a user's layout preferences persist as (server for users, localStorage for guests). */
export type LayoutSettings = {
  layout: LayoutVariant;
  navbarFolded: boolean;
  colorScheme: ColorSchemeSetting;
  /** Nav item ids shown in the shortcuts bar, in order. */
  shortcuts: string[];
};

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  layout: 'vertical',
  navbarFolded: false,
  colorScheme: 'light',
  shortcuts: [],
};

/** Who made the last settings change; persistence only reacts to `user`. */
export type LayoutChangeSource = 'default' | 'hydrate' | 'user';

export type LayoutState = LayoutSettings & {
  panels: Record<LayoutPanel, boolean>;
  changeSource: LayoutChangeSource;
  setLayout: (layout: LayoutVariant) => void;
  setNavbarFolded: (folded: boolean) => void;
  toggleNavbarFolded: () => void;
  setColorScheme: (colorScheme: ColorSchemeSetting) => void;
  setShortcuts: (shortcuts: string[]) => void;
  toggleShortcut: (id: string) => void;
  /** Opens one panel and closes the others: only one drawer is on screen at a time. */
  openPanel: (panel: LayoutPanel) => void;
  closePanel: (panel: LayoutPanel) => void;
  togglePanel: (panel: LayoutPanel) => void;
  closePanels: () => void;
  /** Applies saved settings (validated; unknown or invalid fields keep their current value). */
  hydrate: (saved: unknown) => void;
  /** Back to the defaults with every panel closed (sign-out, tests). */
  resetLayout: () => void;
};

const CLOSED_PANELS: Record<LayoutPanel, boolean> = { settings: false, colorScheme: false, quick: false, mobileNav: false };

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** Reads settings from untrusted storage (server JSON, localStorage) keeping only valid fields. */
export function parseLayoutSettings(value: unknown): Partial<LayoutSettings> {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const settings: Partial<LayoutSettings> = {};
  if (isOneOf(LAYOUT_VARIANTS, raw.layout)) settings.layout = raw.layout;
  if (typeof raw.navbarFolded === 'boolean') settings.navbarFolded = raw.navbarFolded;
  if (isOneOf(COLOR_SCHEME_SETTINGS, raw.colorScheme)) settings.colorScheme = raw.colorScheme;
  if (Array.isArray(raw.shortcuts)) settings.shortcuts = [...new Set(raw.shortcuts.filter((id): id is string => typeof id === 'string'))];
  return settings;
}

export function selectLayoutSettings(state: LayoutSettings): LayoutSettings {
  return { layout: state.layout, navbarFolded: state.navbarFolded, colorScheme: state.colorScheme, shortcuts: state.shortcuts };
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  ...DEFAULT_LAYOUT_SETTINGS,
  panels: CLOSED_PANELS,
  changeSource: 'default',
  setLayout: (layout) => set({ layout, changeSource: 'user' }),
  setNavbarFolded: (navbarFolded) => set({ navbarFolded, changeSource: 'user' }),
  toggleNavbarFolded: () => set((state) => ({ navbarFolded: !state.navbarFolded, changeSource: 'user' })),
  setColorScheme: (colorScheme) => set({ colorScheme, changeSource: 'user' }),
  setShortcuts: (shortcuts) => set({ shortcuts: [...new Set(shortcuts)], changeSource: 'user' }),
  toggleShortcut: (id) =>
    set((state) => ({
      shortcuts: state.shortcuts.includes(id) ? state.shortcuts.filter((item) => item !== id) : [...state.shortcuts, id],
      changeSource: 'user',
    })),
  openPanel: (panel) => set({ panels: { ...CLOSED_PANELS, [panel]: true } }),
  closePanel: (panel) => set((state) => ({ panels: { ...state.panels, [panel]: false } })),
  togglePanel: (panel) => set((state) => ({ panels: { ...CLOSED_PANELS, [panel]: !state.panels[panel] } })),
  closePanels: () => set({ panels: CLOSED_PANELS }),
  hydrate: (saved) => set({ ...parseLayoutSettings(saved), changeSource: 'hydrate' }),
  resetLayout: () => set({ ...DEFAULT_LAYOUT_SETTINGS, panels: CLOSED_PANELS, changeSource: 'default' }),
}));

function sameSettings(a: LayoutSettings, b: LayoutSettings): boolean {
  return (
    a.layout === b.layout &&
    a.navbarFolded === b.navbarFolded &&
    a.colorScheme === b.colorScheme &&
    a.shortcuts.length === b.shortcuts.length &&
    a.shortcuts.every((id, index) => id === b.shortcuts[index])
  );
}

/**
 * Calls `listener` with the new settings whenever the user changes them (not on hydrate,
 * reset or panel toggles), so the app can save them to the server or localStorage.
 */
export function subscribeLayoutSettings(listener: (settings: LayoutSettings) => void): () => void {
  return useLayoutStore.subscribe((state, previous) => {
    if (state.changeSource === 'user' && !sameSettings(state, previous)) listener(selectLayoutSettings(state));
  });
}
