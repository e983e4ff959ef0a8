import { isValidSubdomain, suggestSubdomain } from './tenant-rules';

describe('isValidSubdomain', () => {
  it('accepts lower-case DNS labels of 2 to 63 characters', () => {
    for (const value of ['zeta', 'ab', 'acme-2', 'a'.repeat(63)]) expect(isValidSubdomain(value)).toBe(true);
  });

  it('refuses upper case, edges with hyphens, other characters, wrong lengths and reserved names', () => {
    for (const value of ['Zeta', '-zeta', 'zeta-', 'ze_ta', 'ze.ta', 'z', '', 'a'.repeat(64), 'system', 'www', 'api']) expect(isValidSubdomain(value)).toBe(false);
  });
});

describe('suggestSubdomain', () => {
  it('turns a tenant name into a valid subdomain', () => {
    expect(suggestSubdomain('Zeta Inc.')).toBe('zeta-inc');
    expect(suggestSubdomain('Société Générale')).toBe('societe-generale');
  });
});
