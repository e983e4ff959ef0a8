// The billing engine's pure core: money, cycles, proration and totals, with no database or clock.
export { type Anchor, BILLING_CYCLES, type BillingCycle, cycleMonths, type Period, period, periodAt, periodStart, secondsBetween } from './cycles.ts';
export { add, formatMoney, isCurrencyCode, minorUnitExponent, type Money, money, MoneyError, negate, parseDecimal, ratio, subtract, sum, times, toDecimalString, zero } from './money.ts';
export { type ChangeLabels, type ChangeQuote, type InvoiceLine, type LineKind, periodAmount, quoteChange, type Rate, remainingShare } from './proration.ts';
export { invoiceTotals, type Totals, type TotalsOptions } from './totals.ts';
