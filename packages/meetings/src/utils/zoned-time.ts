// Wall-clock dates and times in a meeting's own IANA time zone, to and from instants. The
// schedule form asks "10:00 on 2 March in Europe/Paris"; the API stores the instant.

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    numberingSystem: 'latn',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:mm) on the clocks of `timeZone`. */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  const first = naive - offsetMs(naive, timeZone);
  return new Date(naive - offsetMs(first, timeZone));
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:mm) of `instant` in `timeZone`. */
export function instantToZoned(instant: Date | string, timeZone: string): { date: string; time: string } {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const local = new Date(at + offsetMs(at, timeZone));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA time zone the browser knows, the browser's own and UTC included. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...names, browserTimeZone(), 'UTC'])].sort();
}

/** Whether `timeZone` is an IANA name Intl accepts. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}
