// Invitations: the mail (in the invitee's language, with the iCalendar invitation as its calendar
// part), the .ics file, and the text the Copy action puts on the clipboard. People invited are
// kept, so a change or a cancellation reaches them too, with the SEQUENCE raised.
import type { Database } from '../kernel/db/types.ts';
import { enqueueMail, isMailLanguage, pickMailLanguage } from '../mail/index.ts';
import type { MailLanguage } from '../mail/index.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { meetingCalendar, type CalendarMeeting, type CalendarRequest } from './invitation-calendar.ts';
import { invitationMail, invitationText, type InvitationDetails, type InvitationKind } from './invitation-mail.ts';
import { addInvitees, coHostsOf, exceptionsOf, findPerson, inviteesOf, languagesOf, type MeetingRow } from './queries.ts';
import type { Schedule } from './recurrence.ts';
import { scheduleOf } from './schedule.ts';
import { joinUrlOf, myMeeting, type MeetingScope } from './access.ts';

type Target = { occurrence?: Date | undefined };

async function calendarMeeting(tx: Database, scope: Pick<MeetingScope, 'origin'>, row: MeetingRow, schedule: Schedule, attendees: readonly string[]): Promise<CalendarMeeting> {
  const host = await findPerson(tx, row.hostId);
  const joinUrl = joinUrlOf(scope.origin, row.code);
  return {
    // Stable for the meeting's life and unique across the platform (the meeting's own id).
    uid: `${row.id}@${new URL(scope.origin).hostname}`,
    sequence: row.sequence,
    topic: row.topic,
    description: [row.description, joinUrl].filter(Boolean).join('\n\n'),
    joinUrl,
    organizer: { name: host?.name ?? '', email: host?.email ?? '' },
    attendees,
    schedule,
  };
}

function detailsOf(meeting: CalendarMeeting, row: MeetingRow, target: Target): InvitationDetails {
  const { schedule } = meeting;
  const exception = target.occurrence && schedule.exceptions.find((e) => e.originalStart.getTime() === target.occurrence?.getTime());
  return {
    hostName: meeting.organizer.name,
    topic: (exception && exception.topic) || row.topic,
    start: (exception && exception.start) || target.occurrence || schedule.start,
    durationMinutes: (exception && exception.durationMinutes) || schedule.durationMinutes,
    timeZone: schedule.timeZone,
    recurring: Boolean(schedule.recurrence) && !target.occurrence,
    code: row.code,
    password: row.password,
    joinUrl: meeting.joinUrl,
    encrypted: row.endToEndEncrypted,
  };
}

const requestOf = (kind: InvitationKind, target: Target): CalendarRequest => ({ method: kind === 'cancel' ? 'CANCEL' : 'REQUEST', occurrence: target.occurrence });

async function mailEach(tx: Database, scope: Pick<MeetingScope, 'tenantId' | 'origin'>, row: MeetingRow, schedule: Schedule, emails: readonly string[], kind: InvitationKind, target: Target, fallback: MailLanguage): Promise<number> {
  if (emails.length === 0) return 0;
  const meeting = await calendarMeeting(tx, scope, row, schedule, emails);
  const content = meetingCalendar(meeting, requestOf(kind, target));
  const details = detailsOf(meeting, row, target);
  const languages = await languagesOf(tx, emails);
  for (const email of emails) {
    const language = languages.get(email);
    const mail = invitationMail(details, kind, isMailLanguage(language) ? language : fallback);
    await enqueueMail(tx, { tenantId: scope.tenantId, to: email, template: 'meeting_invite', ...mail, calendar: { method: kind === 'cancel' ? 'CANCEL' : 'REQUEST', content } });
  }
  return emails.length;
}

/**
 * Tells the people invited that the meeting (or one occurrence) changed or was cancelled. Someone
 * invited to one occurrence only hears about that occurrence, or about the whole meeting's end.
 */
export async function notifyInvitees(tx: Database, scope: Pick<MeetingScope, 'tenantId' | 'origin'>, row: MeetingRow, schedule: Schedule, change: { kind: InvitationKind } & Target): Promise<void> {
  const invitees = await inviteesOf(tx, row.id);
  const host = await findPerson(tx, row.hostId);
  const fallback = isMailLanguage(host?.language) ? host.language : 'en';
  const concerned = invitees.filter((invitee) => !invitee.occurrence || !change.occurrence || invitee.occurrence.getTime() === change.occurrence.getTime());
  const series = concerned.filter((invitee) => !invitee.occurrence).map((invitee) => invitee.email);
  await mailEach(tx, scope, row, schedule, series, change.kind, change, fallback);
  // Invited to one occurrence: always told about that occurrence alone.
  for (const invitee of concerned.filter((candidate) => candidate.occurrence)) {
    await mailEach(tx, scope, row, schedule, [invitee.email], change.kind, { occurrence: invitee.occurrence ?? undefined }, fallback);
  }
}

/** The caller's language: their profile's, else the request's Accept-Language, else English. */
async function callerLanguage(tx: Database, scope: MeetingScope): Promise<MailLanguage> {
  return pickMailLanguage((await findPerson(tx, scope.userId))?.language, scope.acceptLanguage);
}

function occurrenceOf(schedule: Schedule, occurrence: string | undefined): Date | undefined {
  if (occurrence === undefined) return undefined;
  const instant = new Date(occurrence);
  if (!schedule.recurrence) throw new ProblemError(400, 'not_recurring', { detail: 'This meeting has a single occurrence' });
  return instant;
}

/** Keeps the people invited (to the series, or to `occurrence` only) and queues their invitations in `tx`. */
export async function invitePeople(tx: Database, scope: MeetingScope, row: MeetingRow, schedule: Schedule, addresses: readonly string[], occurrence?: Date): Promise<number> {
  const emails = [...new Set(addresses.map((email) => email.trim().toLowerCase()))];
  await addInvitees(tx, scope.tenantId, row.id, emails, occurrence ?? null);
  return mailEach(tx, scope, row, schedule, emails, 'request', { occurrence }, await callerLanguage(tx, scope));
}

export async function inviteToMeeting(scope: MeetingScope, id: string, input: { emails: string[]; occurrence?: string | undefined }): Promise<{ sent: number }> {
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'invite');
    const schedule = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    return { sent: await invitePeople(tx, scope, row, schedule, input.emails, occurrenceOf(schedule, input.occurrence)) };
  });
}

/** The host and co-hosts get the calendar entry, as Zoom sends after scheduling. */
export async function mailHostsCalendar(scope: MeetingScope, id: string): Promise<{ sent: number }> {
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'put');
    const schedule = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    const host = await findPerson(tx, row.hostId);
    const people = [host?.email, ...(await coHostsOf(tx, row.id)).map((person) => person.email)].filter((email): email is string => Boolean(email));
    return { sent: await mailEach(tx, scope, row, schedule, people, 'request', {}, await callerLanguage(tx, scope)) };
  });
}

export async function calendarFile(scope: MeetingScope, id: string, occurrence: string | undefined): Promise<{ code: string; content: string }> {
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'invite');
    const schedule = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    const target = occurrenceOf(schedule, occurrence);
    const meeting = await calendarMeeting(tx, scope, row, schedule, []);
    return { code: row.code, content: meetingCalendar(meeting, requestOf('request', { occurrence: target })) };
  });
}

export async function invitationTextOf(scope: MeetingScope, id: string, occurrence: string | undefined): Promise<{ text: string }> {
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'copy');
    const schedule = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    const meeting = await calendarMeeting(tx, scope, row, schedule, []);
    return { text: invitationText(detailsOf(meeting, row, { occurrence: occurrenceOf(schedule, occurrence) }), await callerLanguage(tx, scope)) };
  });
}
