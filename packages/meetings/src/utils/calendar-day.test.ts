import { isoDate, localDay } from './calendar-day';

describe('calendar days', () => {
  it("reads an instant on the viewer's calendar", () => {
    const at = new Date(2030, 5, 30, 23, 30);
    expect(localDay(at)).toBe('2030-06-30');
  });

  it('takes only real YYYY-MM-DD days', () => {
    expect(isoDate(' 2030-06-01 ')).toBe('2030-06-01');
    expect(isoDate('2030-6-1')).toBeNull();
    expect(isoDate('2030-13-01')).toBeNull();
    expect(isoDate('June')).toBeNull();
  });
});
