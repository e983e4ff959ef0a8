// Proration to the second: a change at instant `at` inside a period credits the unused part of
// what was paid and charges the same part of the new price. Both sides round the same way, so a
// change and its undo at the same instant net to exactly zero.
import { type BillingCycle, type Period, secondsBetween } from './cycles.ts';
import { MoneyError, ratio } from './money.ts';

/** What a subscription costs per period: price of one licence times the licences. */
export type Rate = { unitAmount: number; quantity: number; currency: string; cycle: BillingCycle };

export type LineKind = 'subscription' | 'renewal' | 'proration_credit' | 'proration_charge';

/** One invoice line; `amount` is minor units (negative for a credit), equal to what the line says. */
export type InvoiceLine = {
  kind: LineKind;
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  periodStart: string;
  periodEnd: string;
};

export function periodAmount(rate: Rate): number {
  const amount = rate.unitAmount * rate.quantity;
  if (!Number.isSafeInteger(amount) || rate.unitAmount < 0 || rate.quantity < 0) throw new MoneyError('a rate is a non-negative whole amount');
  return amount;
}

/** The share of `amount` for the rest of the period from `at` (all of it at the start, nothing at the end). */
export function remainingShare(amount: number, period: Period, at: Date): number {
  const total = secondsBetween(period.start, period.end);
  const left = Math.min(total, Math.max(0, secondsBetween(at, period.end)));
  return ratio(amount, left, total);
}

export type ChangeQuote = {
  currency: string;
  /** Seconds from the change to the end of the period, and the period's length in seconds. */
  remainingSeconds: number;
  periodSeconds: number;
  credit: number;
  charge: number;
  /** charge − credit: what the change costs now (negative: money owed back, kept as credit). */
  net: number;
  lines: InvoiceLine[];
};

export type ChangeLabels = { from: string; to: string };

/**
 * Quote moving from `from` to `to` at `at`, inside `period` (the period `from` was paid for).
 * Same cycle: the rest of this period at the new rate. A different cycle starts a new period at
 * `at` (the caller re-anchors there), so the new rate is charged whole and only the old is prorated.
 */
export function quoteChange(from: Rate, to: Rate, period: Period, at: Date, labels: ChangeLabels = { from: 'Unused time', to: 'Remaining time' }): ChangeQuote {
  if (from.currency !== to.currency) throw new MoneyError(`cannot change from ${from.currency} to ${to.currency} mid-cycle`);
  const periodSeconds = secondsBetween(period.start, period.end);
  const remainingSeconds = Math.min(periodSeconds, Math.max(0, secondsBetween(at, period.end)));
  const credit = remainingShare(periodAmount(from), period, at);
  const sameCycle = from.cycle === to.cycle;
  const charge = sameCycle ? remainingShare(periodAmount(to), period, at) : periodAmount(to);
  const changeAt = new Date(Math.max(at.getTime(), period.start.getTime())).toISOString();
  const lines: InvoiceLine[] = [];
  if (credit !== 0) lines.push({ kind: 'proration_credit', description: labels.from, quantity: from.quantity, unitAmount: from.unitAmount, amount: -credit, periodStart: changeAt, periodEnd: period.end.toISOString() });
  if (charge !== 0) lines.push({ kind: 'proration_charge', description: labels.to, quantity: to.quantity, unitAmount: to.unitAmount, amount: charge, periodStart: changeAt, periodEnd: sameCycle ? period.end.toISOString() : '' });
  return { currency: to.currency, remainingSeconds, periodSeconds, credit, charge, net: charge - credit, lines };
}
