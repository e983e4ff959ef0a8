import { describe, expect, it } from 'vitest';
import type { PortalBranding } from './branding';
import { getBrandColor, getBrandLogo } from './branding';
import { BRAND_PALETTE, createPortalTheme } from './create-portal-theme';

const acme: PortalBranding = {
  sname: 'acme',
  brandname: 'Acme Meet',
  logos: { logoDark: '/files/acme-dark.svg', logoWhite: '/files/acme-white.svg' },
  text: {},
  signup: { normal: true, social: false },
  theme: { lite: { primary: '#0ea5e9', text: '#1f2937', background: '#f8fafc' } },
};

describe('createPortalTheme', () => {
  it('uses the spec defaults without branding: orange primary, dark grey text', () => {
    const theme = createPortalTheme();
    expect(theme.primaryColor).toBe('orange');
    expect(theme.black).toBe('#374151');
  });

  it('builds the primary palette from the tenant theme.lite colour', () => {
    const theme = createPortalTheme(acme);
    expect(theme.primaryColor).toBe(BRAND_PALETTE);
    expect(theme.primaryShade).toBe(6);
    const palette = theme.colors?.[BRAND_PALETTE];
    expect(palette).toHaveLength(10);
    expect(palette?.[6]).toBe('#0ea5e9');
    expect(palette?.[0]).not.toBe(palette?.[9]);
    expect(theme.black).toBe('#1f2937');
  });

  it('accepts the variable spellings tenants upload', () => {
    const theme = createPortalTheme({ ...acme, theme: { lite: { '--primary-color': 'rgb(22, 163, 74)', textColor: '#111827' } } });
    expect(theme.colors?.[BRAND_PALETTE]?.[6]).toBe('rgb(22, 163, 74)');
    expect(theme.black).toBe('#111827');
  });

  it('falls back to the defaults for colours Mantine cannot use', () => {
    const theme = createPortalTheme({ ...acme, theme: { lite: { primary: 'var(--brand)', text: 'not-a-colour' } } });
    expect(theme.primaryColor).toBe('orange');
    expect(theme.black).toBe('#374151');
  });
});

describe('branding helpers', () => {
  it('reads colours by role', () => {
    expect(getBrandColor(acme, 'primary')).toBe('#0ea5e9');
    expect(getBrandColor(null, 'primary')).toBeUndefined();
  });

  it('picks the white logo on dark surfaces', () => {
    expect(getBrandLogo(acme, 'light')).toBe('/files/acme-dark.svg');
    expect(getBrandLogo(acme, 'dark')).toBe('/files/acme-white.svg');
    expect(getBrandLogo({ ...acme, logos: { logoDark: '/d.svg' } }, 'dark')).toBe('/d.svg');
  });
});
