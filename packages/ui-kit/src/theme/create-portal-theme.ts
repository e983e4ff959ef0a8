import { createTheme, darken, lighten, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_BRAND_COLORS, getBrandColor, type PortalBranding } from './branding';

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
 * Mantine theme for a tenant. Without branding (or without a usable `theme.lite.primary`) the
 * spec's defaults apply: Mantine's orange for primary actions and dark grey text.
 */
export function createPortalTheme(branding?: PortalBranding | null): MantineThemeOverride {
  const primary = getBrandColor(branding, 'primary');
  const text = getBrandColor(branding, 'text') ?? DEFAULT_BRAND_COLORS.text;
  return createTheme({
    primaryColor: primary ? BRAND_PALETTE : 'orange',
    primaryShade: 6,
    colors: primary ? { [BRAND_PALETTE]: createBrandPalette(primary) } : {},
    // Mantine derives --mantine-color-text from `black` in the light scheme.
    black: text,
    // Tenant colours can be light (yellow, cyan): let Mantine pick readable text on filled buttons.
    autoContrast: true,
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
}
