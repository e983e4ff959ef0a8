import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentBranding, brandingCssVar } from './apply-document-branding';
import type { PortalBranding } from './branding';

const acme: PortalBranding = {
  sname: 'acme',
  brandname: 'Acme Meet',
  logos: { favicon: '/files/acme-favicon.png' },
  text: {},
  signup: { normal: true, social: true },
  backgroundImages: { portal: '/files/acme "portal".jpg' },
  theme: { lite: { primary: '#f97316', textColor: '#374151', 'bad key!': 'red' } },
};

describe('applyDocumentBranding', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.title = '';
    document.documentElement.removeAttribute('style');
  });

  it('sets title, favicon, theme.lite variables and the background image', () => {
    applyDocumentBranding(acme);
    const root = document.documentElement.style;
    expect(document.title).toBe('Acme Meet');
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/files/acme-favicon.png');
    expect(root.getPropertyValue('--portal-primary')).toBe('#f97316');
    expect(root.getPropertyValue('--portal-text-color')).toBe('#374151');
    expect(root.getPropertyValue('--portal-background-image')).toBe('url("/files/acme %22portal%22.jpg")');
  });

  it('updates an existing favicon link and restores everything on cleanup', () => {
    document.title = 'Portal';
    const link = document.createElement('link');
    link.rel = 'shortcut icon';
    link.href = '/favicon.ico';
    document.head.appendChild(link);

    const restore = applyDocumentBranding(acme);
    expect(document.head.querySelectorAll('link[rel~="icon"]')).toHaveLength(1);
    expect(link.getAttribute('href')).toBe('/files/acme-favicon.png');

    restore();
    expect(document.title).toBe('Portal');
    expect(link.getAttribute('href')).toBe('/favicon.ico');
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('');
  });

  it('falls back to the short name for the title', () => {
    applyDocumentBranding({ ...acme, brandname: '' });
    expect(document.title).toBe('acme');
  });
});

describe('brandingCssVar', () => {
  it('turns theme keys into --portal- custom properties and rejects unsafe names', () => {
    expect(brandingCssVar('primaryColor')).toBe('--portal-primary-color');
    expect(brandingCssVar('--primary-color')).toBe('--portal-primary-color');
    expect(brandingCssVar('primary_color')).toBe('--portal-primary-color');
    expect(brandingCssVar('bad key!')).toBeUndefined();
  });
});
