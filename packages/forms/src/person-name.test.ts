import { describe, expect, it } from 'vitest';
import { isValidPersonName } from './person-name';

describe('isValidPersonName', () => {
  it.each(['Ada', 'Chloé', "O'Neil-Karimova", 'Jean Paul', 'St. John', 'نادية', 'Nguyễn'])('accepts %s', (name) => {
    expect(isValidPersonName(name)).toBe(true);
  });

  it.each(['', ' Ada', '-Ada', 'R2D2', 'a@b', 'x'.repeat(51)])('rejects %j', (name) => {
    expect(isValidPersonName(name)).toBe(false);
  });

  it('counts length in code points, as the contract does: 50 letters outside the BMP pass, 51 do not', () => {
    expect(isValidPersonName('𝐀'.repeat(50))).toBe(true);
    expect(isValidPersonName('𝐀'.repeat(51))).toBe(false);
  });
});
