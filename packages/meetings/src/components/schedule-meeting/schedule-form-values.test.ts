import { setupI18n } from '@lingui/core';
import { fakeMeeting } from '../../testing';
import { createBody, newScheduleValues, occurrenceBody, scheduleValidation, schedulePathOf, updateBody, valuesOfMeeting } from './schedule-form-values';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const now = new Date('2030-01-10T09:20:00Z');

describe('schedule form values', () => {
  it('suggests the next whole hour in the given zone, weekly on that day', () => {
    const values = newScheduleValues(now, 'Asia/Tashkent');
    expect(values).toMatchObject({ date: '2030-01-10', time: '15:00', timeZone: 'Asia/Tashkent', weekdays: ['TH'], monthDay: 10, recurring: false });
  });

  it('checks the spec rules only where they apply', () => {
    const initial = newScheduleValues(now, 'UTC');
    const checks = scheduleValidation(i18n, 'new', initial, () => now);
    const values = { ...initial, recurring: true, frequency: 'weekly' as const, weekdays: [], endKind: 'date' as const, endDate: '2030-01-01' };
    expect(checks.topic('  ')).toBe('Enter a valid topic');
    expect(checks.password('12345', values)).toBe('Enter a valid meeting password');
    expect(checks.password('', { ...values, options: { ...values.options, meetingPassword: true } })).toBe('Enter a valid meeting password');
    expect(checks.password('', values)).toBeNull();
    expect(checks.date('2030-01-10', { ...values, time: '09:00' })).toBe('Please choose an upcoming time');
    expect(checks.weekdays([], values)).toBe('Please select a day');
    expect(checks.weekdays([], { ...values, recurring: false })).toBeNull();
    expect(checks.endDate('2030-01-01', values)).toBe('Cannot Choose a Pre-Date for End Date');
    expect(checks.endDate('2030-01-10', values)).toBeNull();
  });

  it('leaves a stored start that did not move alone, even in the past', () => {
    const meeting = fakeMeeting(1, { start: '2029-01-01T09:00:00.000Z', timeZone: 'UTC' });
    const initial = valuesOfMeeting(meeting);
    const checks = scheduleValidation(i18n, 'edit', initial, () => now);
    expect(checks.date(initial.date, initial)).toBeNull();
    expect(updateBody({ ...initial, topic: 'Renamed' }, initial)).not.toHaveProperty('start');
    expect(updateBody({ ...initial, time: '10:00' }, initial)).toMatchObject({ start: '2029-01-01T10:00:00.000Z' });
  });

  it('builds the bodies of the three modes', () => {
    const initial = newScheduleValues(now, 'Europe/Paris');
    const values = { ...initial, topic: ' Sync ', date: '2030-07-01', time: '10:00', recurring: true, frequency: 'monthly' as const, monthDay: 31, endKind: 'count' as const, count: 6 };
    expect(createBody(values, initial)).toEqual({
      kind: 'scheduled',
      topic: 'Sync',
      description: null,
      start: '2030-07-01T08:00:00.000Z',
      durationMinutes: 60,
      timeZone: 'Europe/Paris',
      recurrence: { frequency: 'monthly', interval: 1, weekdays: null, monthDay: 31, endDate: null, count: 6 },
      password: null,
      recordMode: null,
      phoneBridge: false,
    });
    expect(createBody({ ...values, open: true }, initial)).toMatchObject({ kind: 'open', recurrence: null });
    const meeting = fakeMeeting(2, { start: '2030-07-01T08:00:00.000Z', timeZone: 'Europe/Paris', topic: 'Sync' });
    const stored = valuesOfMeeting(meeting, '2030-07-01T08:00:00.000Z');
    expect(occurrenceBody({ ...stored, durationMinutes: '30' }, stored)).toEqual({ durationMinutes: 30 });
    expect(occurrenceBody({ ...stored, topic: ' Own topic ' }, stored)).toEqual({ topic: 'Own topic' });
    expect(occurrenceBody({ ...stored, topic: 'Sync ' }, stored)).toEqual({});
  });

  it('puts server field errors under their fields', () => {
    expect(schedulePathOf('recurrence.weekdays')).toBe('weekdays');
    expect(schedulePathOf('recurrence.endDate')).toBe('endDate');
    expect(schedulePathOf('start')).toBe('date');
    expect(schedulePathOf('coHostIds.0')).toBe('coHostIds');
    expect(schedulePathOf('meetingMode')).toBe('meetingMode');
    expect(schedulePathOf('invitees.1')).toBe('invitees');
    expect(schedulePathOf('hostId')).toBeNull();
  });

  it('sends a chosen meeting mode with the options it filled, and co-hosts only when they changed', () => {
    const initial = newScheduleValues(new Date('2030-01-01T09:10:00Z'), 'Europe/Paris');
    const options = { ...initial.options, muteOnEntry: true };
    const body = createBody({ ...initial, topic: 'Class', meetingMode: 'Classroom', options, coHostIds: ['p1'] }, initial);
    expect(body).toMatchObject({ meetingMode: 'Classroom', options, coHostIds: ['p1'] });
    const plain = createBody({ ...initial, topic: 'Class' }, initial);
    expect(plain).not.toHaveProperty('meetingMode');
    expect(plain).not.toHaveProperty('coHostIds');
    const edited = { ...initial, coHostIds: ['p1', 'p2'] };
    expect(updateBody({ ...edited, coHostIds: ['p2', 'p1'] }, edited)).not.toHaveProperty('coHostIds');
    expect(updateBody({ ...edited, coHostIds: [] }, edited)).toMatchObject({ coHostIds: [] });
  });
});
