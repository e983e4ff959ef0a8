// An invoice's totals from its lines: credits from downgrades first use up the charges, then the
// tenant's credit balance pays what is left, then tax; a total is never negative: what a credit
// exceeds is carried to the balance for the next invoice.
import { MoneyError, ratio } from './money.ts';
import type { InvoiceLine } from './proration.ts';

export type Totals = {
  currency: string;
  /** Sum of the lines (may be negative before credit is carried). */
  subtotal: number;
  /** Taken from the tenant's credit balance. */
  creditApplied: number;
  tax: number;
  /** What the tenant pays: never negative. */
  total: number;
  /** The tenant's credit balance after this invoice. */
  creditBalance: number;
};

export type TotalsOptions = { currency: string; taxRateBasisPoints?: number; creditBalance?: number };

export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'amount'>[], options: TotalsOptions): Totals {
  const rate = options.taxRateBasisPoints ?? 0;
  const balance = options.creditBalance ?? 0;
  if (!Number.isInteger(rate) || rate < 0 || rate > 100_000) throw new MoneyError('tax rate is whole basis points from 0');
  if (!Number.isSafeInteger(balance) || balance < 0) throw new MoneyError('a credit balance is a non-negative whole amount');
  const subtotal = lines.reduce((total, line) => {
    if (!Number.isSafeInteger(line.amount)) throw new MoneyError(`line amount is not whole minor units: ${line.amount}`);
    return total + line.amount;
  }, 0);
  if (subtotal <= 0) return { currency: options.currency, subtotal, creditApplied: 0, tax: 0, total: 0, creditBalance: balance - subtotal };
  const creditApplied = Math.min(balance, subtotal);
  const taxable = subtotal - creditApplied;
  const tax = ratio(taxable, rate, 10_000);
  return { currency: options.currency, subtotal, creditApplied, tax, total: taxable + tax, creditBalance: balance - creditApplied };
}
