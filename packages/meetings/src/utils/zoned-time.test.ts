import { instantToZoned, isTimeZone, timeZoneNames, zonedToInstant } from './zoned-time';

describe('zoned time', () => {
  it('reads a wall-clock time in the meeting zone, on either side of a daylight-saving change', () => {
    expect(zonedToInstant('2030-03-30', '10:00', 'Europe/Paris').toISOString()).toBe('2030-03-30T09:00:00.000Z');
    expect(zonedToInstant('2030-04-01', '10:00', 'Europe/Paris').toISOString()).toBe('2030-04-01T08:00:00.000Z');
    expect(zonedToInstant('2030-01-15', '09:30', 'Asia/Tashkent').toISOString()).toBe('2030-01-15T04:30:00.000Z');
  });

  it('writes an instant back as the zone shows it', () => {
    expect(instantToZoned('2030-04-01T08:00:00.000Z', 'Europe/Paris')).toEqual({ date: '2030-04-01', time: '10:00' });
    expect(instantToZoned(new Date('2030-11-03T05:30:00Z'), 'America/New_York')).toEqual({ date: '2030-11-03', time: '01:30' });
  });

  it('knows the IANA zones', () => {
    expect(timeZoneNames()).toContain('Europe/Paris');
    expect(isTimeZone('Asia/Tashkent')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
