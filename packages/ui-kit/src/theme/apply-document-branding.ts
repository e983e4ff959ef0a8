import type { PortalBranding } from './branding';

/** Prefix of the CSS custom properties written from `theme.lite` (`primary` → `--portal-primary`). */
export const BRANDING_CSS_PREFIX = '--portal-';
/** CSS custom property holding the portal background image as a `url(...)` value. */
export const BACKGROUND_IMAGE_CSS_VAR = '--portal-background-image';

/** `primaryColor`, `--primary-color` and `primary_color` all become `--portal-primary-color`. */
export function brandingCssVar(key: string): string | undefined {
  const name = key
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
  return /^[a-z0-9][a-z0-9-]*$/.test(name) ? `${BRANDING_CSS_PREFIX}${name}` : undefined;
}

function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
}

function setFavicon(doc: Document, href: string): () => void {
  const existing = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (existing) {
    const previous = existing.getAttribute('href');
    existing.setAttribute('href', href);
    return () => {
      if (previous === null) existing.removeAttribute('href');
      else existing.setAttribute('href', previous);
    };
  }
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.href = href;
  doc.head.appendChild(link);
  return () => link.remove();
}

/**
 * Applies tenant branding to the page: title from the brand name, favicon, one CSS custom
 * property per `theme.lite` entry and the portal background image. Returns a function that
 * restores what was there before, so switching tenants (or stories) does not leave stale values.
 */
export function applyDocumentBranding(branding: PortalBranding, doc: Document = document): () => void {
  const undo: Array<() => void> = [];
  const root = doc.documentElement;

  const title = branding.brandname || branding.sname;
  if (title) {
    const previousTitle = doc.title;
    doc.title = title;
    undo.push(() => {
      doc.title = previousTitle;
    });
  }

  if (branding.logos.favicon) undo.push(setFavicon(doc, branding.logos.favicon));

  const setVar = (name: string, value: string) => {
    const previous = root.style.getPropertyValue(name);
    root.style.setProperty(name, value);
    undo.push(() => (previous ? root.style.setProperty(name, previous) : root.style.removeProperty(name)));
  };

  for (const [key, value] of Object.entries(branding.theme?.lite ?? {})) {
    const name = brandingCssVar(key);
    if (name && typeof value === 'string' && value.trim()) setVar(name, value.trim());
  }

  const background = branding.backgroundImages?.portal;
  if (background) setVar(BACKGROUND_IMAGE_CSS_VAR, cssUrl(background));

  return () => {
    for (const restore of undo.reverse()) restore();
  };
}
