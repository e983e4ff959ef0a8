import { formatMoney, minorDigits, parseMinorUnits, toDecimalString } from './money';

describe('money', () => {
  it('knows the minor digits of a currency', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('builds the decimal from minor units without floating point', () => {
    expect(toDecimalString(1299, 2)).toBe('12.99');
    expect(toDecimalString(5, 2)).toBe('0.05');
    expect(toDecimalString(-5, 2)).toBe('-0.05');
    expect(toDecimalString(1500, 0)).toBe('1500');
    // 2^53 - 1 cents: a float division would lose the last digits.
    expect(toDecimalString(9007199254740991, 2)).toBe('90071992547409.91');
  });

  it("formats in the reader's language", () => {
    expect(formatMoney(1299, 'USD', 'en')).toBe('$12.99');
    expect(formatMoney(1299, 'EUR', 'fr')).toMatch(/^12,99\s€$/);
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1299, 'USD', 'ar')).toContain('US$');
  });

  it('reads a typed amount back into minor units', () => {
    expect(parseMinorUnits('12.99', 2)).toBe(1299);
    expect(parseMinorUnits('12,5', 2)).toBe(1250);
    expect(parseMinorUnits('1 200', 2)).toBe(120000);
    expect(parseMinorUnits('0.1', 2)).toBe(10);
    expect(parseMinorUnits('1500', 0)).toBe(1500);
    expect(parseMinorUnits('12.999', 2)).toBeNull();
    expect(parseMinorUnits('1.5', 0)).toBeNull();
    expect(parseMinorUnits('-1', 2)).toBeNull();
    expect(parseMinorUnits('abc', 2)).toBeNull();
    expect(parseMinorUnits('', 2)).toBeNull();
  });
});
