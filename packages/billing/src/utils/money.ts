// Prices are whole numbers of a currency's minor unit (cents, fils, yen) from end to end: shown
// through Intl in the reader's language from a decimal string built without floating point, and
// typed back into minor units by splitting the text, never by multiplying a float.

/** Digits after the decimal point of `currency` (2 for USD, 0 for JPY), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `amount` minor units as an exact decimal string: 1299 USD → "12.99", -5 USD → "-0.05", 1500 JPY → "1500". */
export function toDecimalString(amount: number, digits: number): string {
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `amount` minor units of `currency` in `locale`'s words: 1299 USD in fr → "12,99 $US". */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  // Intl formats a decimal string exactly (no binary rounding on the way).
  return format.format(toDecimalString(amount, digits) as unknown as number);
}

/**
 * Minor units of a typed amount ("12.99", "12,5", "1 200"), or null when it is not a plain
 * non-negative amount with at most the currency's digits after the separator.
 */
export function parseMinorUnits(text: string, digits: number): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const units = Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(units) ? units : null;
}

/** The text a price field starts with: minor units back to "12.99" (the form edits decimals). */
export const minorUnitsToInput = (amount: number, currency: string): string => toDecimalString(amount, minorDigits(currency));
