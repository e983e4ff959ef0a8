// Billing cycles: every period start is computed from the subscription's anchor (never from the
// previous period's end) in the tenant's time zone, so a cycle anchored on 31 January renews on
// 28 or 29 February and again on 31 March, and a cycle anchored at 00:30 local stays at 00:30
// local across daylight-saving changes.
import { Temporal } from 'temporal-polyfill';

export type BillingCycle = 'monthly' | 'quarterly' | 'yearly';

export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'quarterly', 'yearly'];

const MONTHS: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export function cycleMonths(cycle: BillingCycle): number {
  return MONTHS[cycle];
}

export type Anchor = { at: Date; timeZone: string };

export type Period = { index: number; start: Date; end: Date };

function zoned(anchor: Anchor): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(anchor.at.getTime()).toZonedDateTimeISO(anchor.timeZone);
}

/** The start of period `index` (0 = the anchor itself); the day of month is clamped, not carried over. */
export function periodStart(anchor: Anchor, cycle: BillingCycle, index: number): Date {
  if (!Number.isInteger(index) || index < 0) throw new RangeError('period index must be a whole number from 0');
  const start = zoned(anchor).add({ months: index * MONTHS[cycle] }, { overflow: 'constrain' });
  return new Date(start.epochMilliseconds);
}

export function period(anchor: Anchor, cycle: BillingCycle, index: number): Period {
  return { index, start: periodStart(anchor, cycle, index), end: periodStart(anchor, cycle, index + 1) };
}

/** The period `at` falls in (start inclusive, end exclusive); instants before the anchor belong to period 0. */
export function periodAt(anchor: Anchor, cycle: BillingCycle, at: Date): Period {
  const first = zoned(anchor);
  const target = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(anchor.timeZone);
  // A first guess from calendar months, then corrected by at most one step either way.
  const months = (target.year - first.year) * 12 + (target.month - first.month);
  let index = Math.max(0, Math.floor(months / MONTHS[cycle]));
  while (index > 0 && periodStart(anchor, cycle, index).getTime() > at.getTime()) index -= 1;
  while (periodStart(anchor, cycle, index + 1).getTime() <= at.getTime()) index += 1;
  return period(anchor, cycle, index);
}

/** Whole seconds from `from` to `to` (proration counts seconds; milliseconds are dropped). */
export function secondsBetween(from: Date, to: Date): number {
  return Math.floor(to.getTime() / 1000) - Math.floor(from.getTime() / 1000);
}
