// WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.11): relative luminance and the ratio of two
// colours, and which pairs of a tenant's theme colours fall short of AA.

export type Rgb = { r: number; g: number; b: number };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i;

/** Parses `#abc`, `#aabbcc` and `rgb()`/`rgba()` (alpha ignored); null for anything else. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16) };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
    if (r <= 255 && g <= 255 && b <= 255) return { r, g, b };
  }
  return null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: Rgb): number {
  return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
}

/** Contrast ratio of two colours, 1 to 21; null when either cannot be parsed. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA minimum for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The luminance above which black text reads better than white: at this point both give the
 * same ratio (√21 ≈ 4.58), so choosing by it always gives at least AA for normal text.
 */
export const BLACK_OR_WHITE_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

/** White or black, whichever contrasts more with `background`. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const color = parseColor(background);
  return color && relativeLuminance(color) > BLACK_OR_WHITE_LUMINANCE ? '#000000' : '#ffffff';
}

export type ContrastPair = {
  /** Theme keys (or `white` for the portal's own surface) of the text and of what it sits on. */
  foreground: string;
  background: string;
  foregroundColor: string;
  backgroundColor: string;
  ratio: number;
};

// The pairs a tenant's `theme.lite` colours are shown in: text on the page and on the portal's
// white surfaces, the primary colour as text (links) on them, and the primary button's label.
const ROLE_KEYS = {
  primary: ['primary'],
  primaryContrast: ['primarycontrast', 'onprimary', 'primarytext', 'primaryforeground'],
  text: ['text', 'foreground'],
  background: ['background', 'bg', 'surface'],
} as const;

type Role = keyof typeof ROLE_KEYS;

function normaliseKey(key: string): string {
  return key.replace(/^-+/, '').replace(/[-_\s]/g, '').toLowerCase().replace(/colou?r$/, '');
}

function findRole(lite: Record<string, string>, role: Role): { key: string; value: string } | undefined {
  for (const [key, value] of Object.entries(lite)) {
    if ((ROLE_KEYS[role] as readonly string[]).includes(normaliseKey(key)) && typeof value === 'string' && parseColor(value)) return { key, value: value.trim() };
  }
  return undefined;
}

/**
 * The pairs of a tenant theme (`theme.lite`) whose contrast is below AA (4.5:1), worst first.
 * Without a `primaryContrast` colour the portal writes black or white on the primary colour,
 * whichever reads better, so that pair is checked only when the tenant sets one.
 */
export function failingContrastPairs(lite: Record<string, string> | null | undefined): ContrastPair[] {
  if (!lite) return [];
  const primary = findRole(lite, 'primary');
  const onPrimary = findRole(lite, 'primaryContrast');
  const text = findRole(lite, 'text');
  const background = findRole(lite, 'background');
  const white = { key: 'white', value: '#ffffff' };
  const candidates: [{ key: string; value: string } | undefined, { key: string; value: string } | undefined][] = [
    [text, background],
    [text, white],
    [primary, background],
    [primary, white],
    [onPrimary, primary],
  ];
  const failing: ContrastPair[] = [];
  const seen = new Set<string>();
  for (const [fg, bg] of candidates) {
    if (!fg || !bg) continue;
    const id = `${fg.value}|${bg.value}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const ratio = contrastRatio(fg.value, bg.value);
    if (ratio !== null && ratio < AA_TEXT_CONTRAST) {
      failing.push({ foreground: fg.key, background: bg.key, foregroundColor: fg.value, backgroundColor: bg.value, ratio: Math.round(ratio * 100) / 100 });
    }
  }
  return failing.sort((a, b) => a.ratio - b.ratio);
}
