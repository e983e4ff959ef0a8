export { applyDocumentBranding, brandingCssVar, BRANDING_CSS_PREFIX, BACKGROUND_IMAGE_CSS_VAR } from './apply-document-branding';
export { BrandLogo, type BrandLogoProps } from './brand-logo';
export {
  DEFAULT_BRAND_COLORS,
  getBrandColor,
  getBrandLogo,
  isPaletteColor,
  type BrandColorRole,
  type PortalBranding,
  type PortalBrandingLogos,
  type PortalBrandingText,
} from './branding';
export { BRAND_PALETTE, createBrandPalette, createPortalTheme, PORTAL_ORANGE, portalCssVariablesResolver } from './create-portal-theme';
export {
  AA_TEXT_CONTRAST,
  contrastRatio,
  failingContrastPairs,
  parseColor,
  readableTextOn,
  relativeLuminance,
  type ContrastPair,
} from './contrast';
