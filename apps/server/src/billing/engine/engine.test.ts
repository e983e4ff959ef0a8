import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type BillingCycle, period, periodAt, periodStart } from './cycles.ts';
import { formatMoney, minorUnitExponent, money, MoneyError, parseDecimal, ratio, toDecimalString } from './money.ts';
import { quoteChange, type Rate, remainingShare } from './proration.ts';
import { invoiceTotals } from './totals.ts';

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tashkent', 'Asia/Riyadh', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago'];
const CYCLES: BillingCycle[] = ['monthly', 'quarterly', 'yearly'];

const local = (at: Date, timeZone: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
const zonedDate = (text: string, timeZone: string) => new Date(Temporal.PlainDateTime.from(text).toZonedDateTime(timeZone).epochMilliseconds);

describe('money', () => {
  it('knows each currency minor unit', () => {
    expect([minorUnitExponent('JPY'), minorUnitExponent('USD'), minorUnitExponent('KWD'), minorUnitExponent('EUR')]).toEqual([0, 2, 3, 2]);
    expect(() => minorUnitExponent('usd')).toThrow(MoneyError);
  });

  it('refuses fractions of a minor unit and unsafe integers', () => {
    expect(() => money(1.5, 'USD')).toThrow(MoneyError);
    expect(() => money(2 ** 53, 'USD')).toThrow(MoneyError);
    expect(() => parseDecimal('1.234', 'USD')).toThrow(MoneyError);
    expect(parseDecimal('1.234', 'KWD').amount).toBe(1234);
    expect(parseDecimal('1200', 'JPY').amount).toBe(1200);
  });

  it('writes decimals without floating point', () => {
    expect(toDecimalString(money(5, 'USD'))).toBe('0.05');
    expect(toDecimalString(money(-5, 'KWD'))).toBe('-0.005');
    expect(toDecimalString(money(9_007_199_254_740_991, 'USD'))).toBe('90071992547409.91');
  });

  it('formats in the reader language with the currency decimals', () => {
    expect(formatMoney(money(123456, 'USD'), 'en')).toBe('$1,234.56');
    expect(formatMoney(money(123456, 'EUR'), 'fr')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney(money(1200, 'JPY'), 'en')).toBe('¥1,200');
    expect(formatMoney(money(1500, 'KWD'), 'en')).toBe('KWD\u00a01.500');
    expect(formatMoney(money(123456, 'USD'), 'ar')).toMatch(/^\u200f1,234\.56\u00a0US\$$/);
    expect(formatMoney(money(90_071_992_547_409_91, 'USD'), 'en')).toBe('$90,071,992,547,409.91');
  });

  it('round-trips every amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('JPY', 'USD', 'KWD', 'CLF'), (amount, currency) => {
        expect(parseDecimal(toDecimalString(money(amount, currency)), currency).amount).toBe(amount);
      }),
    );
  });

  it('rounds a ratio half away from zero, exactly', () => {
    expect(ratio(1, 1, 2)).toBe(1);
    expect(ratio(-1, 1, 2)).toBe(-1);
    expect(ratio(10, 1, 3)).toBe(3);
    expect(ratio(9_000_000_000_000, 31_622_399, 31_622_400)).toBe(8_999_999_715_392);
  });
});

describe('billing cycles', () => {
  it('anchors on the month end: 31 Jan, 29 Feb (leap year), 31 Mar, 30 Apr', () => {
    const anchor = { at: zonedDate('2028-01-31T09:00', 'Europe/Paris'), timeZone: 'Europe/Paris' };
    const days = [0, 1, 2, 3, 13].map((n) => local(periodStart(anchor, 'monthly', n), 'Europe/Paris').toPlainDate().toString());
    expect(days).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2029-02-28']);
  });

  it('keeps the local time across daylight saving', () => {
    const anchor = { at: zonedDate('2026-03-15T00:30', 'America/New_York'), timeZone: 'America/New_York' };
    const first = period(anchor, 'monthly', 0);
    expect(local(first.end, 'America/New_York').toPlainDateTime().toString()).toBe('2026-04-15T00:30:00');
    expect(first.end.getTime() - first.start.getTime()).toBe(31 * 86_400_000);
    // 15 October to 15 November holds the autumn change: one hour longer.
    const october = period(anchor, 'monthly', 7);
    expect(october.end.getTime() - october.start.getTime()).toBe(31 * 86_400_000 + 3_600_000);
  });

  it('a yearly cycle anchored on 29 February renews on 28 February', () => {
    const anchor = { at: new Date('2028-02-29T12:00:00Z'), timeZone: 'UTC' };
    expect(periodStart(anchor, 'yearly', 1).toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(periodStart(anchor, 'yearly', 4).toISOString()).toBe('2032-02-29T12:00:00.000Z');
  });

  const anchors = fc.record({
    zone: fc.constantFrom(...ZONES),
    date: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
    // Daylight-saving changes happen around midnight and 01:00-03:00; away from them the wall clock is kept exactly.
    hour: fc.integer({ min: 4, max: 21 }),
    minute: fc.integer({ min: 0, max: 59 }),
  });

  it('keeps the anchor day (or the month last day) and the local time, in every zone', () => {
    fc.assert(
      fc.property(anchors, fc.constantFrom(...CYCLES), fc.integer({ min: 0, max: 60 }), ({ zone, date, hour, minute }, cycle, index) => {
        const day = Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(zone).toPlainDate();
        const start = day.toPlainDateTime({ hour, minute }).toZonedDateTime(zone);
        const anchor = { at: new Date(start.epochMilliseconds), timeZone: zone };
        const when = local(periodStart(anchor, cycle, index), zone);
        expect(when.day).toBe(Math.min(day.day, when.daysInMonth));
        expect([when.hour, when.minute]).toEqual([hour, minute]);
      }),
    );
  });

  it('finds the period an instant falls in', () => {
    fc.assert(
      fc.property(anchors, fc.constantFrom(...CYCLES), fc.integer({ min: 0, max: 20 * 366 * 86_400 }), ({ zone, date }, cycle, seconds) => {
        const anchor = { at: date, timeZone: zone };
        const at = new Date(date.getTime() + seconds * 1000);
        const found = periodAt(anchor, cycle, at);
        expect(found.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(found.end.getTime()).toBeGreaterThan(at.getTime());
        expect(found.start).toEqual(periodStart(anchor, cycle, found.index));
      }),
    );
  });
});

describe('proration', () => {
  const rate = (unitAmount: number, quantity: number, cycle: BillingCycle = 'monthly'): Rate => ({ unitAmount, quantity, currency: 'USD', cycle });
  const april = { index: 0, start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') };

  it('prorates to the second', () => {
    // 30 days = 2,592,000 s; 10 licences at $12 for the last 15 days and 1 second.
    const quote = quoteChange(rate(1200, 10), rate(1200, 20), april, new Date('2026-04-15T23:59:59Z'));
    expect(quote.remainingSeconds).toBe(15 * 86_400 + 1);
    expect(quote.credit).toBe(6000);
    expect(quote.charge).toBe(12000);
    expect(quote.net).toBe(6000);
    expect(quote.lines.map((line) => line.amount)).toEqual([-6000, 12000]);
  });

  it('charges a new cycle whole and credits the rest of the old one', () => {
    const quote = quoteChange(rate(1200, 10), rate(12000, 10, 'yearly'), april, new Date('2026-04-16T00:00:00Z'));
    expect(quote.credit).toBe(6000);
    expect(quote.charge).toBe(120000);
  });

  const rates = fc.record({ unitAmount: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 500 }), cycle: fc.constantFrom<BillingCycle>(...CYCLES) });
  const moments = fc.integer({ min: -86_400, max: 40 * 86_400 }).map((s) => new Date(april.start.getTime() + s * 1000));

  it('a change and its undo at the same instant net to zero', () => {
    fc.assert(
      fc.property(rates, rates, moments, (a, b, at) => {
        const there = quoteChange({ ...a, currency: 'USD' }, { ...b, currency: 'USD' }, april, at);
        const back = quoteChange({ ...b, currency: 'USD', cycle: a.cycle }, { ...a, currency: 'USD' }, april, at);
        if (a.cycle === b.cycle) expect(there.net + back.net).toBe(0);
        expect(there.credit).toBeGreaterThanOrEqual(0);
        expect(there.charge).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a share of the rest of the period lies between nothing and all, and shrinks with time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), moments, moments, (amount, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const first = remainingShare(amount, april, early);
        expect(first).toBeGreaterThanOrEqual(remainingShare(amount, april, late));
        expect(first).toBeLessThanOrEqual(amount);
        expect(remainingShare(amount, april, late)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(remainingShare(999, april, april.start)).toBe(999);
    expect(remainingShare(999, april, april.end)).toBe(0);
  });
});

describe('totals', () => {
  it('applies credit, then tax', () => {
    expect(invoiceTotals([{ amount: 10000 }, { amount: -2500 }], { currency: 'USD', taxRateBasisPoints: 2000, creditBalance: 1500 })).toEqual({ currency: 'USD', subtotal: 7500, creditApplied: 1500, tax: 1200, total: 7200, creditBalance: 0 });
  });

  it('carries a credit larger than the charges to the balance', () => {
    expect(invoiceTotals([{ amount: 1000 }, { amount: -4000 }], { currency: 'USD', creditBalance: 100 })).toMatchObject({ total: 0, tax: 0, creditBalance: 3100 });
  });

  it('is never negative and loses no money', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 5000 }),
        (amounts, creditBalance, taxRateBasisPoints) => {
          const totals = invoiceTotals(amounts.map((amount) => ({ amount })), { currency: 'EUR', creditBalance, taxRateBasisPoints });
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(totals.creditBalance).toBeGreaterThanOrEqual(0);
          // What is paid before tax is the lines less what the balance gave (or plus what it kept).
          expect(totals.total - totals.tax).toBe(totals.subtotal + totals.creditBalance - creditBalance);
        },
      ),
    );
  });
});
