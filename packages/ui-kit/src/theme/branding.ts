export type PortalBrandingLogos = {
  logoDark?: string;
  logoWhite?: string;
  favicon?: string;
};

export type PortalBrandingText = {
  portal_login_heading?: string;
  portal_login_body?: string;
  portal_register_heading?: string;
  // The tenant-info contract spells this key without the second "t"; keep it as served.
  portal_regiser_body?: string;
};

/** Tenant information loaded at start (`getTenantInfo`), as far as the UI uses it. */
export type PortalBranding = {
  sname: string;
  brandname: string;
  brandUrl?: string;
  logos: PortalBrandingLogos;
  text: PortalBrandingText;
  signup: { normal: boolean; social: boolean };
  backgroundImages?: { portal?: string };
  dial_in?: string;
  theme?: { lite?: Record<string, string> };
};

/** Spec: default brand colours are an orange primary button and dark grey text. */
export const DEFAULT_BRAND_COLORS = {
  primary: '#f76707',
  text: '#374151',
} as const;

export type BrandColorRole = keyof typeof DEFAULT_BRAND_COLORS;

// Tenants upload theme files by hand, so the same role arrives as `primary`, `primaryColor`,
// `--primary-color` ...; compare keys without dashes, underscores, case or a "color" suffix.
function normaliseKey(key: string): string {
  return key
    .replace(/^-+/, '')
    .replace(/[-_\s]/g, '')
    .toLowerCase()
    .replace(/colou?r$/, '');
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i;

/** True for the colour notations Mantine can derive a shade palette from (hex and rgb()). */
export function isPaletteColor(value: string): boolean {
  const trimmed = value.trim();
  return HEX_COLOR.test(trimmed) || RGB_COLOR.test(trimmed);
}

/** The tenant's colour for a role from `theme.lite`, or undefined when absent or unusable. */
export function getBrandColor(branding: PortalBranding | null | undefined, role: BrandColorRole): string | undefined {
  const lite = branding?.theme?.lite;
  if (!lite) return undefined;
  for (const [key, value] of Object.entries(lite)) {
    if (normaliseKey(key) === role && typeof value === 'string' && isPaletteColor(value)) return value.trim();
  }
  return undefined;
}

/** The logo that stays readable on the current background: the white logo on dark surfaces. */
export function getBrandLogo(branding: PortalBranding | null | undefined, colorScheme: 'light' | 'dark'): string | undefined {
  const logos = branding?.logos;
  if (!logos) return undefined;
  return colorScheme === 'dark' ? (logos.logoWhite ?? logos.logoDark) : (logos.logoDark ?? logos.logoWhite);
}
