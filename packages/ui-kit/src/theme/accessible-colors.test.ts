import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT_CONTRAST, lightVariantBackgrounds, mixTowards, readableOn, schemeSurfaces } from './accessible-colors';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast';
import type { PortalBranding } from './branding';
import { BRAND_PALETTE, createPortalTheme, portalCssVariablesResolver } from './create-portal-theme';

/** Badge colours the portal's screens use (status, billing, audit, email log, apps, live meetings). */
const BADGE_COLOURS = ['blue', 'gray', 'green', 'orange', 'red', 'yellow', 'teal'];
const SCHEMES = ['light', 'dark'] as const;

function resolved(branding?: PortalBranding) {
  const theme: MantineTheme = mergeMantineTheme(DEFAULT_THEME, createPortalTheme(branding));
  return { theme, variables: portalCssVariablesResolver(theme) };
}

// The demo tenant's blue, and a pale brand colour that needs the most help.
const branded = (primary: string): PortalBranding => ({ sname: 'acme', brandname: 'Acme', logos: {}, text: {}, signup: { normal: true, social: false }, theme: { lite: { primary } } });
const brands = [undefined, branded('#1d4ed8'), branded('#fde047')];

type Pair = { what: string; ratio: number };

function ratio(foreground: string, background: string): number {
  const value = contrastRatio(foreground, background);
  if (value === null) throw new Error(`cannot compare ${foreground} with ${background}`);
  return Math.round(value * 100) / 100;
}

describe('accessible colour variables', () => {
  it('mixes towards black or white and keeps a colour that already reads', () => {
    expect(mixTowards('#808080', 'black', 0.5)).toBe('#404040');
    expect(mixTowards('#808080', 'white', 1)).toBe('#ffffff');
    expect(readableOn('#000000', ['#ffffff'], 'black')).toBe('#000000');
    expect(contrastRatio(readableOn('#40c057', ['#ffffff'], 'black'), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(SCHEMES)('gives every badge colour used in the app at least 4.5:1 on its light-variant background (%s)', (scheme) => {
    for (const branding of brands) {
      const { theme, variables } = resolved(branding);
      const colours = [...BADGE_COLOURS, ...(branding ? [BRAND_PALETTE] : [])];
      const pairs: Pair[] = colours.flatMap((name) => {
        const text = variables[scheme][`--mantine-color-${name}-light-color`]!;
        return lightVariantBackgrounds(theme.colors[name]!, scheme).map((background) => ({ what: `${name} ${text} on ${background}`, ratio: ratio(text, background) }));
      });
      expect(pairs.filter((pair) => pair.ratio < AA_TEXT_CONTRAST)).toEqual([]);
    }
  });

  it.each(SCHEMES)('makes every palette readable as text, outline and light variant, and links and errors too (%s)', (scheme) => {
    for (const branding of brands) {
      const { theme, variables } = resolved(branding);
      const vars = variables[scheme];
      const surfaces = schemeSurfaces(theme, scheme);
      const pairs: Pair[] = [];
      for (const [name, palette] of Object.entries(theme.colors)) {
        for (const background of lightVariantBackgrounds(palette, scheme)) {
          pairs.push({ what: `${name} light`, ratio: ratio(vars[`--mantine-color-${name}-light-color`]!, background) });
        }
        for (const surface of surfaces) {
          pairs.push({ what: `${name} text`, ratio: ratio(vars[`--mantine-color-${name}-text`]!, surface) });
          pairs.push({ what: `${name} outline`, ratio: ratio(vars[`--mantine-color-${name}-outline`]!, surface) });
        }
      }
      for (const surface of surfaces) {
        pairs.push({ what: 'anchor', ratio: ratio(vars['--mantine-color-anchor']!, surface) });
        pairs.push({ what: 'error', ratio: ratio(vars['--mantine-color-error']!, surface) });
        pairs.push({ what: 'dimmed', ratio: ratio(vars['--mantine-color-dimmed']!, surface) });
        // The focus ring is not text: WCAG 1.4.11 asks 3:1.
        expect(ratio(vars['--portal-focus-color']!, surface)).toBeGreaterThanOrEqual(AA_NON_TEXT_CONTRAST);
      }
      expect(pairs.filter((pair) => pair.ratio < AA_TEXT_CONTRAST)).toEqual([]);
    }
  });

  it("fixes the figures Mantine's defaults fall short with", () => {
    const { theme, variables } = resolved();
    // Mantine: green 9 on green 1 3.81:1, yellow 9 on yellow 1 2.69:1, red 6 on white 3.28:1.
    expect(ratio(theme.colors.green[9], theme.colors.green[1])).toBeLessThan(AA_TEXT_CONTRAST);
    expect(ratio(theme.colors.yellow[9], theme.colors.yellow[1])).toBeLessThan(AA_TEXT_CONTRAST);
    expect(ratio(theme.colors.red[6], '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    // Colours that already read are kept as Mantine has them.
    expect(variables.light['--mantine-color-gray-light-color']).toBe(theme.colors.gray[9]);
    expect(variables.dark['--mantine-color-green-light-color']).toBe(theme.colors.green[0]);
    // The default orange link is the primary shade itself.
    expect(variables.light['--mantine-color-anchor']).toBe(theme.colors.orange[6]);
  });
});
