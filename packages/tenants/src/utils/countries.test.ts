import { countryName, isE164 } from './countries';

describe('countries', () => {
  it('names a country in the reader language and falls back to the code', () => {
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('not-a-code', 'en')).toBe('not-a-code');
  });

  it('accepts E.164 numbers only', () => {
    expect(isE164('+33123456789')).toBe(true);
    expect(isE164('0123456789')).toBe(false);
    expect(isE164('+0123456789')).toBe(false);
    expect(isE164('+33 1 23 45 67 89')).toBe(false);
  });
});
