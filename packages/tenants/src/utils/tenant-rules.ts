// The tenant form's own checks, mirroring the server (apps/server/src/tenants/subdomain.ts): a
// subdomain is a lower-case DNS label of 2–63 characters and not a name the platform keeps.
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'system', 'www', 'api', 'portal', 'admin', 'app', 'auth', 'login', 'mail', 'smtp', 'static', 'assets', 'cdn', 'docs', 'status', 'localhost',
]);

export function isValidSubdomain(value: string): boolean {
  return label.test(value) && !RESERVED_SUBDOMAINS.has(value);
}

/** A subdomain suggested from the tenant name: "Zeta Inc." → "zeta-inc". */
export function suggestSubdomain(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export const TENANT_NAME_MAX_LENGTH = 100;
