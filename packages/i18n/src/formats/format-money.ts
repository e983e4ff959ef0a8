// Amounts travel in the currency's minor unit (cents), as payment providers keep them, so no
// rounding happens on the way; only the screen turns them into the currency's own decimals.

/** `minorUnits` of `currency` (ISO 4217) written the way `locale` writes money: 60000 USD in en → "$600.00". */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // A code this browser does not know: the amount with the code, never an empty cell.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(minorUnits / 100)} ${currency}`;
  }
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** decimals);
}
