// Every iCalendar document the portal writes is read back with Mozilla's ical.js (a maintained
// parser that calendar clients build on) and held to RFC 5545 where clients are strict: DTSTAMP in
// UTC (§3.8.7.2), every TZID naming a VTIMEZONE of the file (§3.2.19), and no property the RFC
// does not define (ical.js's design table is the RFC's property registry).
import ICAL from 'ical.js';
import { expect } from 'vitest';

/** The X- property the VTIMEZONE definitions (tzurl.org) carry, which ical.js itself reads. */
const knownExtensions = new Set(['x-lic-location']);

function checkProperties(component: ICAL.Component): void {
  for (const property of component.getAllProperties()) {
    const known = property.name in ICAL.design.icalendar.property || knownExtensions.has(property.name);
    expect(known, `${component.name.toUpperCase()} has the unknown property ${property.name.toUpperCase()}`).toBe(true);
  }
  for (const child of component.getAllSubcomponents()) checkProperties(child);
}

/** Parses `text` as a calendar client would, checks it and registers its time zones. */
export function checkedCalendar(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  checkProperties(calendar);
  const zones = new Set(calendar.getAllSubcomponents('vtimezone').map((vtimezone) => String(vtimezone.getFirstPropertyValue('tzid'))));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events.length, 'the calendar has an event').toBeGreaterThan(0);
  for (const event of events) {
    const stamp = event.getFirstProperty('dtstamp');
    expect(stamp, 'VEVENT has a DTSTAMP').toBeTruthy();
    const value = stamp!.getFirstValue();
    expect(value instanceof ICAL.Time && value.zone === ICAL.Timezone.utcTimezone, `DTSTAMP ${String(value)} is in UTC`).toBe(true);
    for (const name of ['dtstart', 'dtend', 'recurrence-id', 'exdate']) {
      for (const property of event.getAllProperties(name)) {
        const tzid = property.getParameter('tzid');
        if (tzid !== undefined) expect(zones, `${name.toUpperCase()};TZID=${String(tzid)} has its VTIMEZONE`).toContain(tzid);
      }
    }
  }
  expect(text, 'every DTSTAMP line ends in Z').not.toMatch(/^DTSTAMP:[^\r\n]*[^Z\r\n]\r?$/m);
  return calendar;
}
