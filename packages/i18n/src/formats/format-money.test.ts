import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

// Intl separates some parts with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('turns minor units into the currency decimals, written the language way', () => {
    expect(formatMoney(60000, 'USD', 'en')).toBe('$600.00');
    expect(plain(formatMoney(123456, 'EUR', 'fr'))).toBe('1 234,56 €');
    expect(formatMoney(1, 'USD', 'en')).toBe('$0.01');
  });

  it('knows currencies without or with three decimals', () => {
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(plain(formatMoney(1500, 'KWD', 'en'))).toBe('KWD 1.500');
  });

  it('writes an unknown currency code after the amount instead of failing', () => {
    expect(formatMoney(2550, 'XX', 'en')).toBe('25.50 XX');
  });
});
