import { Anchor, createTheme, darken, lighten, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_BRAND_COLORS, getBrandColor, type PortalBranding } from './branding';
import { accessibleColorVariables } from './accessible-colors';
import { BLACK_OR_WHITE_LUMINANCE } from './contrast';

/** Name of the generated palette in `theme.colors` when the tenant defines a primary colour. */
export const BRAND_PALETTE = 'brand';

const LIGHTER = [0.9, 0.78, 0.64, 0.5, 0.34, 0.17] as const;
const DARKER = [0.12, 0.24, 0.36] as const;

/** A ten-shade Mantine palette whose shade 6 (the primary shade) is exactly `color`. */
export function createBrandPalette(color: string): MantineColorsTuple {
  const shades = [...LIGHTER.map((amount) => lighten(color, amount)), color, ...DARKER.map((amount) => darken(color, amount))];
  return shades as unknown as MantineColorsTuple;
}

/**
 * The default orange: Mantine's light shades, and from shade 6 on (filled buttons, links, the
 * light variant's text) darker ones that carry white text at AA (#c2410c: 5.18:1 with white).
 * Mantine's own orange 6 (#fd7e14) gives white text 2.57:1.
 */
export const PORTAL_ORANGE: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#c2410c', '#b93d0b', '#9a3412', '#7c2d12'];

/**
 * Mantine's dimmed text (gray 6 on white, 3.32:1; dark 2 on dark 7, 4.04:1) is below AA: the
 * portal's is darker in the light scheme and lighter in the dark one (6.09:1 and 5.94:1). Badges
 * and other light-variant colours, coloured texts, outlines, links, error texts and the focus
 * ring are made readable in each scheme for every palette of the theme (see accessible-colors).
 */
export const portalCssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { ...accessibleColorVariables(theme, 'light'), '--mantine-color-dimmed': '#5c636a' },
  dark: { ...accessibleColorVariables(theme, 'dark'), '--mantine-color-dimmed': '#a0a0a0' },
});

/**
 * Mantine theme for a tenant. Without branding (or without a usable `theme.lite.primary`) the
 * spec's defaults apply: Mantine's orange for primary actions and dark grey text.
 */
export function createPortalTheme(branding?: PortalBranding | null): MantineThemeOverride {
  const primary = getBrandColor(branding, 'primary');
  const text = getBrandColor(branding, 'text') ?? DEFAULT_BRAND_COLORS.text;
  return createTheme({
    primaryColor: primary ? BRAND_PALETTE : 'orange',
    primaryShade: 6,
    colors: primary ? { orange: PORTAL_ORANGE, [BRAND_PALETTE]: createBrandPalette(primary) } : { orange: PORTAL_ORANGE },
    // Mantine derives --mantine-color-text from `black` in the light scheme.
    black: text,
    // Tenant colours can be light (yellow, cyan): let Mantine pick readable text on filled buttons,
    // switching to black where black reads better than white, so either is at least 4.58:1.
    autoContrast: true,
    luminanceThreshold: BLACK_OR_WHITE_LUMINANCE,
    defaultRadius: 'md',
    // Links inside text must not be told apart by colour alone (WCAG 1.4.1, axe link-in-text-block).
    components: { Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }) },
    cursorType: 'pointer',
  });
}
