import { formatDate, formatDateTime, clockOf, formatTime } from './format-date';
import { useFormatStore } from './format-store';

// 2026-03-05 17:07 UTC: 18:07 in Paris.
const instant = new Date('2026-03-05T17:07:00Z');

describe('formatDate', () => {
  it.each([
    ['DD/MM/YYYY', '05/03/2026'],
    ['MM/DD/YYYY', '03/05/2026'],
    ['YYYY-MM-DD', '2026-03-05'],
    ['DD.MM.YYYY', '05.03.2026'],
  ] as const)('writes %s', (dateFormat, expected) => {
    expect(formatDate(instant, 'en', { dateFormat, timeFormat: null, timeZone: 'UTC' })).toBe(expected);
  });

  it('uses the chosen time zone, which can change the day', () => {
    expect(formatDate('2026-03-05T23:30:00Z', 'en', { dateFormat: 'YYYY-MM-DD', timeFormat: null, timeZone: 'Asia/Tashkent' })).toBe('2026-03-06');
  });

  it("falls back to the language's own format", () => {
    expect(formatDate(instant, 'fr', { dateFormat: null, timeFormat: null, timeZone: 'UTC' })).toBe('5 mars 2026');
  });

  it('keeps Latin digits in Arabic with a chosen pattern', () => {
    expect(formatDate(instant, 'ar', { dateFormat: 'DD/MM/YYYY', timeFormat: null, timeZone: 'UTC' })).toBe('05/03/2026');
  });
});

describe('formatTime', () => {
  it('writes a 24-hour and a 12-hour clock', () => {
    expect(formatTime(instant, 'en', { dateFormat: null, timeFormat: 'HH:mm', timeZone: 'Europe/Paris' })).toBe('18:07');
    expect(formatTime(instant, 'en', { dateFormat: null, timeFormat: 'h:mm A', timeZone: 'Europe/Paris' })).toBe('6:07 PM');
  });

  it('ignores an unknown time zone rather than failing', () => {
    expect(() => formatDateTime(instant, 'en', { dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm', timeZone: 'Nowhere/Else' })).not.toThrow();
  });
});

describe('clockOf', () => {
  it('follows the language: French and Uzbek 24 h, Arabic and English 12 h with their own AM and PM', () => {
    expect(clockOf('fr', null).format).toBe('24h');
    expect(clockOf('uz', null).format).toBe('24h');
    expect(clockOf('ar', null)).toEqual({ format: '12h', amPmLabels: { am: 'ص', pm: 'م' } });
    expect(clockOf('en', null)).toEqual({ format: '12h', amPmLabels: { am: 'AM', pm: 'PM' } });
  });

  it('follows the profile’s clock over the language’s', () => {
    expect(clockOf('fr', 'h:mm A').format).toBe('12h');
    expect(clockOf('ar', 'HH:mm').format).toBe('24h');
  });
});

describe('useFormatStore', () => {
  it('keeps known formats and drops unknown ones', () => {
    useFormatStore.getState().setFormats({ dateFormat: 'YYYY-MM-DD', timeFormat: 'bogus', timeZone: 'UTC' });
    expect(useFormatStore.getState()).toMatchObject({ dateFormat: 'YYYY-MM-DD', timeFormat: null, timeZone: 'UTC' });
  });
});
