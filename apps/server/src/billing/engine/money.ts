// Money is an integer count of the currency's minor unit (cents, fils, yen) with its ISO 4217
// code; amounts never pass through floating point, and arithmetic refuses to mix currencies or
// leave the safe-integer range. Display goes through Intl with the decimal built as a string.

export type Money = { readonly amount: number; readonly currency: string };

/** ISO 4217 minor-unit exponents that differ from 2 (the default for every other active code). */
const EXPONENTS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

const CODE = /^[A-Z]{3}$/;

export class MoneyError extends Error {}

export function isCurrencyCode(code: string): boolean {
  return CODE.test(code);
}

/** How many decimal places the currency's minor unit has (JPY 0, USD 2, KWD 3). */
export function minorUnitExponent(currency: string): number {
  if (!isCurrencyCode(currency)) throw new MoneyError(`not an ISO 4217 code: ${currency}`);
  return EXPONENTS[currency] ?? 2;
}

function checked(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`not a whole number of minor units: ${amount}`);
  return amount;
}

export function money(amount: number, currency: string): Money {
  minorUnitExponent(currency);
  return { amount: checked(amount), currency };
}

export function zero(currency: string): Money {
  return money(0, currency);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError(`cannot combine ${a.currency} and ${b.currency}`);
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

export function times(a: Money, count: number): Money {
  return money(a.amount * checked(count), a.currency);
}

export function negate(a: Money): Money {
  return money(a.amount === 0 ? 0 : -a.amount, a.currency);
}

export function sum(currency: string, items: readonly Money[]): Money {
  return items.reduce(add, zero(currency));
}

/**
 * `numerator / denominator` of an integer amount, rounded half away from zero, in exact
 * integer arithmetic (BigInt), so proration of large amounts over a year of seconds stays exact.
 */
export function ratio(amount: number, numerator: number, denominator: number): number {
  checked(amount);
  checked(numerator);
  checked(denominator);
  if (denominator <= 0) throw new MoneyError('ratio needs a positive denominator');
  const sign = amount < 0 !== numerator < 0 ? -1n : 1n;
  const n = BigInt(Math.abs(amount)) * BigInt(Math.abs(numerator));
  const d = BigInt(denominator);
  const rounded = (2n * n + d) / (2n * d);
  return checked(Number(sign * rounded));
}

/** The amount as a plain decimal string in major units ("12.34", "-0.005", "1200"). */
export function toDecimalString(m: Money): string {
  const exponent = minorUnitExponent(m.currency);
  const digits = Math.abs(m.amount).toString();
  const sign = m.amount < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/** Parses a decimal in major units ("12.5") into minor units; more decimals than the currency has is an error. */
export function parseDecimal(text: string, currency: string): Money {
  const exponent = minorUnitExponent(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new MoneyError(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > exponent) throw new MoneyError(`${currency} has ${exponent} decimal places`);
  const amount = Number(`${whole}${fraction.padEnd(exponent, '0')}`);
  return money(sign === '-' && amount !== 0 ? -amount : amount, currency);
}

/**
 * The amount as the reader's language writes it (fr "1 234,56 $US", ar with Arabic digits ...),
 * always with the currency's own number of decimals.
 */
export function formatMoney(m: Money, locale: string): string {
  const exponent = minorUnitExponent(m.currency);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: m.currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  // Intl formats a decimal string exactly (no conversion to a binary float).
  return format.format(toDecimalString(m) as unknown as number);
}
