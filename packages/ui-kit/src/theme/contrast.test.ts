import { describe, expect, it } from 'vitest';
import { contrastRatio, failingContrastPairs, parseColor, readableTextOn, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('parses hex and rgb() colours', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor(' #1D4ED8 ')).toEqual({ r: 29, g: 78, b: 216 });
    expect(parseColor('rgb(22, 163, 74)')).toEqual({ r: 22, g: 163, b: 74 });
    expect(parseColor('var(--x)')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
  });

  it('computes WCAG luminance and ratios', () => {
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#777', '#777')).toBe(1);
    // Known figures: Mantine's orange 6 with white fails, the portal's darker default passes.
    expect(contrastRatio('#fd7e14', '#ffffff')).toBeCloseTo(2.57, 2);
    expect(contrastRatio('#c2410c', '#ffffff')).toBeCloseTo(5.18, 2);
    expect(contrastRatio('#fff', 'nope')).toBeNull();
  });

  it('chooses black or white text, whichever gives at least AA', () => {
    expect(readableTextOn('#fd7e14')).toBe('#000000');
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    for (const color of ['#d9480f', '#767676', '#ff0000', '#00a000', '#0000ff', '#808080']) {
      expect(contrastRatio(readableTextOn(color), color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lists the failing pairs of a tenant theme, worst first', () => {
    expect(failingContrastPairs({ primary: '#1d4ed8', primaryContrast: '#ffffff', text: '#1f2937', background: '#f8fafc' })).toEqual([]);
    const failing = failingContrastPairs({ '--primary-color': '#fd7e14', primaryContrast: '#ffffff', textColor: '#9ca3af', background: '#ffffff' });
    expect(failing.map((p) => [p.foreground, p.background, p.ratio])).toEqual([
      ['--primary-color', 'background', 2.57],
      ['primaryContrast', '--primary-color', 2.57],
      ['textColor', 'background', 2.54],
    ].sort((a, b) => (a[2] as number) - (b[2] as number)));
    expect(failingContrastPairs(undefined)).toEqual([]);
    expect(failingContrastPairs({ primary: 'not a colour' })).toEqual([]);
  });
});
