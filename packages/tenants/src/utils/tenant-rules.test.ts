import { isValidMaxUsers, isValidSubdomain, languageChoice, languageValue, maxUsersValue, PLATFORM_LANGUAGE, suggestSubdomain, withoutPartnerAppFlags } from './tenant-rules';

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

describe('isValidMaxUsers', () => {
  it('accepts an empty input (unlimited) and whole numbers from 1 to 100000', () => {
    for (const value of ['', 1, 250, 100000, '42']) expect(isValidMaxUsers(value)).toBe(true);
  });

  it('refuses zero, negatives, fractions and numbers past the bound', () => {
    for (const value of [0, -3, 2.5, 100001, 'abc']) expect(isValidMaxUsers(value)).toBe(false);
  });
});

describe('the language and limit sent for a tenant', () => {
  it('sends null for an empty limit and for the platform language', () => {
    expect(maxUsersValue('')).toBeNull();
    expect(maxUsersValue(25)).toBe(25);
    expect(languageValue(PLATFORM_LANGUAGE)).toBeNull();
    expect(languageValue('ar')).toBe('ar');
    expect(languageChoice(null)).toBe(PLATFORM_LANGUAGE);
    expect(languageChoice('uz')).toBe('uz');
  });
});

describe('withoutPartnerAppFlags', () => {
  it('drops neosound and slack, keeps every other feature', () => {
    expect(withoutPartnerAppFlags({ mobile_app: true, neosound: true, slack: false, custom: true })).toEqual({ mobile_app: true, custom: true });
  });
});
