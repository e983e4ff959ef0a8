import { describe, expect, it } from 'vitest';
import { isValidPersonName } from './user-rules';

describe('isValidPersonName', () => {
  it.each(['Ada', 'Chloé', "O'Neil-Karimova", 'Jean Paul', 'St. John', 'نادية', 'Nguyễn'])('accepts %s', (name) => {
    expect(isValidPersonName(name)).toBe(true);
  });

  it.each(['', ' Ada', '-Ada', 'R2D2', 'a@b', 'x'.repeat(51)])('rejects %j', (name) => {
    expect(isValidPersonName(name)).toBe(false);
  });
});
