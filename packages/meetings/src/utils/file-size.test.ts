import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('names the unit and keeps one decimal', () => {
    expect(formatFileSize(0, 'en')).toBe('0 byte');
    expect(formatFileSize(999, 'en')).toBe('999 byte');
    expect(formatFileSize(1_500, 'en')).toBe('1.5 kB');
    expect(formatFileSize(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatFileSize(3_000_000_000, 'en')).toBe('3 GB');
  });

  it('writes the reader’s decimal separator and digits', () => {
    expect(formatFileSize(1_500_000, 'fr')).toMatch(/^1,5\s?Mo$/);
    expect(formatFileSize(1_500_000, 'ar')).toMatch(/(1[.,٫]5|١٫٥)/);
  });
});
