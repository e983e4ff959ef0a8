// Mantine's colour variables that put a palette's colour on a surface, made to reach WCAG AA in
// both schemes for every palette of the theme (Mantine's own, the portal orange and a tenant's
// brand palette). Mantine's light variant (Badge, light Button, Alert) writes shade 9 on shade 1:
// 3.81:1 for green, 2.69:1 for yellow; its coloured text (`c="red"`) and outline buttons use
// shade 6 on white: 3.28:1 for red. Each colour here starts from Mantine's choice and is darkened
// (light scheme) or lightened (dark scheme) only as far as AA needs, so the hue stays.
import { darken, type MantineColorsTuple, type MantineTheme } from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio, parseColor } from './contrast';

/** WCAG 1.4.11: a focus indicator against what surrounds it. */
export const AA_NON_TEXT_CONTRAST = 3;

// A little above the thresholds, so that rounding in the browser never tips a pair below.
const MARGIN = 0.05;

function toHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');
}

/** `color` moved `amount` (0 to 1) of the way towards black or white, as `#rrggbb`. */
export function mixTowards(color: string, target: 'black' | 'white', amount: number): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const end = target === 'white' ? 255 : 0;
  const mix = (channel: number) => toHex(channel + (end - channel) * amount);
  return `#${mix(rgb.r)}${mix(rgb.g)}${mix(rgb.b)}`;
}

/**
 * `color` itself when it reaches `ratio` against every one of `backgrounds`, else the first step
 * of 5 % towards `target` (black on light surfaces, white on dark ones) that does.
 */
export function readableOn(color: string, backgrounds: readonly string[], target: 'black' | 'white', ratio = AA_TEXT_CONTRAST): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? color : mixTowards(color, target, step * 0.05);
    if (backgrounds.every((background) => (contrastRatio(candidate, background) ?? 0) >= ratio + MARGIN)) return candidate;
  }
  return target === 'black' ? '#000000' : '#ffffff';
}

/** The surfaces coloured text and badges sit on: the page and papers (white, or dark 7) and inputs or hovered rows (dark 6). */
export function schemeSurfaces(theme: Pick<MantineTheme, 'white' | 'colors'>, scheme: 'light' | 'dark'): string[] {
  return scheme === 'light' ? [theme.white] : [theme.colors.dark[7], theme.colors.dark[6]];
}

/** What Mantine paints behind the light variant (badge, light button, alert) at rest and hovered. */
export function lightVariantBackgrounds(palette: MantineColorsTuple, scheme: 'light' | 'dark'): string[] {
  return scheme === 'light' ? [palette[1], palette[2]] : [darken(palette[9], 0.5), darken(palette[9], 0.3)];
}

type Variables = Record<string, string>;

/** One palette's light-variant text, coloured text and outline colours, readable in `scheme`. */
function paletteVariables(theme: MantineTheme, name: string, palette: MantineColorsTuple, scheme: 'light' | 'dark'): Variables {
  const towards = scheme === 'light' ? 'black' : 'white';
  const surfaces = schemeSurfaces(theme, scheme);
  // Mantine's starting points: light scheme shade 9 / shade 6 / shade 6, dark scheme shade 0 / 4 / 2.
  const [lightColor, text, outline] = scheme === 'light' ? [palette[9], palette[6], palette[6]] : [palette[0], palette[4], palette[2]];
  return {
    [`--mantine-color-${name}-light-color`]: readableOn(lightColor, lightVariantBackgrounds(palette, scheme), towards),
    [`--mantine-color-${name}-text`]: readableOn(text, surfaces, towards),
    [`--mantine-color-${name}-outline`]: readableOn(outline, surfaces, towards),
  };
}

/**
 * The variables of one scheme: every palette's light variant text, coloured text and outline,
 * links, error texts, and `--portal-focus-color` (keyboard focus rings, 3:1 against the page).
 */
export function accessibleColorVariables(theme: MantineTheme, scheme: 'light' | 'dark'): Variables {
  const towards = scheme === 'light' ? 'black' : 'white';
  const surfaces = schemeSurfaces(theme, scheme);
  const primary = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  const variables: Variables = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (palette) Object.assign(variables, paletteVariables(theme, name, palette, scheme));
  }
  variables['--mantine-color-anchor'] = readableOn(scheme === 'light' ? primary[6] : primary[4], surfaces, towards);
  variables['--mantine-color-error'] = readableOn(scheme === 'light' ? theme.colors.red[6] : theme.colors.red[8], surfaces, towards);
  variables['--portal-focus-color'] = readableOn(primary[6], surfaces, towards, AA_NON_TEXT_CONTRAST);
  return variables;
}
