// Meeting invitations end to end (spec 'Upcoming' Invite and Copy): the mail leaves through acme's
// own SMTP server with the iCalendar invitation as its calendar part, which a different maintained
// parser (ical.js) reads back as a calendar client would: a stable UID, SEQUENCE raised by each
// change, the RRULE, and METHOD:CANCEL when the meeting is deleted. Invitees who are users of the
// tenant read it in their own language. The .ics download and the Copy text come from the same data.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/kernel/db/schema.ts';
import { startMailWorker, type MailWorker } from '../src/mail/index.ts';
import { checkedCalendar } from './calendar-check.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, signInMeetingPeople, meetingBody, weeklyBody } from './meetings-fixtures.ts';
import { giveAcmeOwnSmtp, smtpSink, type ReceivedMail } from './smtp-sink.ts';

const sink = smtpSink({ user: 'acme-mailer', pass: 'Smtp-Secret-1' });
let server: TestServer;
let worker: MailWorker;
let member: TestSession;
let colleague: TestSession;
let globexMember: TestSession;
let guest: TestSession;
const outsider = 'bob@example.test';
const frenchUser = userEmail('acme', 'admin');

beforeAll(async () => {
  const port = await sink.listen();
  server = await startTestServer({ config: { publicUrl: 'https://portal.test' } });
  await giveAcmeOwnSmtp(server, port, 'Smtp-Secret-1', 'Acme Meetings');
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  worker = startMailWorker({ config: server.config, database: server.database, log: quiet, pollIntervalMs: 60_000 });
  await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.update(users).set({ language: 'fr' }).where(eq(users.email, frenchUser)));
  ({ member, colleague, globexMember, guest } = await signInMeetingPeople(server));
});

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await sink.close();
});

/** Unfolded headers and the body of one MIME entity. */
function entity(text: string): { headers: Map<string, string>; body: string } {
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) of a header, decoded. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );

/** The parts of a multipart message, nested parts flattened. */
function parts(text: string): { headers: Map<string, string>; body: string }[] {
  const part = entity(text);
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1, -1);
  return pieces.flatMap((piece) => parts(piece.replace(/^\r?\n/, '')));
}

type Mail = { subject: string; text: string; method: string; calendar: ICAL.Component };

function readMail(mail: ReceivedMail): Mail {
  const all = parts(mail.raw);
  const calendarPart = all.find((part) => part.headers.get('content-type')?.startsWith('text/calendar'));
  const textPart = all.find((part) => part.headers.get('content-type')?.startsWith('text/plain'));
  expect(calendarPart, 'the mail has a text/calendar part').toBeDefined();
  const ics = decodeBody(calendarPart!.body, calendarPart!.headers.get('content-transfer-encoding'));
  return {
    subject: decodeWords(entity(mail.raw).headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart.body, textPart.headers.get('content-transfer-encoding')) : '',
    method: /method=([A-Z]+)/i.exec(calendarPart!.headers.get('content-type') ?? '')?.[1] ?? '',
    calendar: checkedCalendar(ics),
  };
}

/** Sends what the outbox holds and answers the mails that reached `address` since `seen` of them. */
async function deliveredTo(address: string, seen: number): Promise<Mail[]> {
  await worker.runOnce();
  return sink.to(address).slice(seen).map(readMail);
}

const mainEvent = (calendar: ICAL.Component) => calendar.getAllSubcomponents('vevent').find((event) => !event.hasProperty('recurrence-id'))!;

const invite = (id: string, body: Record<string, unknown>, session = member, tenant = 'acme') => server.request(tenant, 'POST', `/meetings/${id}/invitations`, { session, body });

describe('meetingInvite', () => {
  it('mails a REQUEST with a stable UID and the RRULE, then the change with SEQUENCE raised, then METHOD:CANCEL', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(4, { topic: 'Design review', password: '864209' }));
    const res = await invite(meeting.id, { emails: [outsider] });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ sent: 1 });

    const [first] = await deliveredTo(outsider, 0);
    expect(first!.subject).toBe('Invitation: Design review');
    expect(first!.text).toContain(meeting.meetingId.replace(/(\d{3})(\d{3})(\d+)/, '$1 $2 $3'));
    expect(first!.text).toContain(meeting.joinUrl);
    expect(first!.method).toBe('REQUEST');
    expect(first!.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(mainEvent(first!.calendar));
    expect(event.uid).toContain(meeting.id);
    expect(event.sequence).toBe(0);
    expect(event.summary).toBe('Design review');
    expect(event.isRecurring()).toBe(true);
    expect(String(mainEvent(first!.calendar).getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');
    expect(event.startDate.toJSDate().toISOString()).toBe(meeting.start);
    expect(event.startDate.zone?.tzid).toBe('Europe/Paris');
    const expand = event.iterator();
    const starts: string[] = [];
    for (let next = expand.next(); next && starts.length < 10; next = expand.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toHaveLength(4);

    const changed = await server.request('acme', 'PATCH', `/meetings/${meeting.id}`, { session: member, body: { topic: 'Design review v2' } });
    expect(changed.status).toBe(200);
    const [update] = await deliveredTo(outsider, 1);
    expect(update!.subject).toBe('Updated invitation: Design review v2');
    const updated = new ICAL.Event(mainEvent(update!.calendar));
    expect(updated.uid).toBe(event.uid);
    expect(updated.sequence).toBe(1);
    expect(updated.summary).toBe('Design review v2');

    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}`, { session: member })).status).toBe(204);
    const [cancel] = await deliveredTo(outsider, 2);
    expect(cancel!.subject).toBe('Cancelled: Design review v2');
    expect(cancel!.method).toBe('CANCEL');
    expect(cancel!.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const cancelled = new ICAL.Event(mainEvent(cancel!.calendar));
    expect(cancelled.uid).toBe(event.uid);
    expect(cancelled.sequence).toBe(2);
    expect(mainEvent(cancel!.calendar).getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('tells an invitee of the series when one occurrence is cancelled: CANCEL of that RECURRENCE-ID', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3, { topic: 'Occurrence cancel' }));
    const carol = 'carol@example.test';
    expect((await invite(meeting.id, { emails: [carol] })).status).toBe(202);
    await deliveredTo(carol, 0);
    const items = (await server.request('acme', 'GET', '/meeting-schedules?q=Occurrence%20cancel', { session: member })).body.items as { originalStart: string }[];
    const second = items[1]!.originalStart;
    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}?occurrence=${encodeURIComponent(second)}`, { session: member })).status).toBe(204);
    const [cancel] = await deliveredTo(carol, 1);
    expect(cancel!.method).toBe('CANCEL');
    const [event] = cancel!.calendar.getAllSubcomponents('vevent');
    expect((event!.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate().toISOString()).toBe(second);
    expect(event!.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('writes to an invitee who is a user of the tenant in their own language', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Budget' }));
    expect((await invite(meeting.id, { emails: [frenchUser.toUpperCase()] })).status).toBe(202);
    const [mail] = await deliveredTo(frenchUser, 0);
    expect(mail!.subject).toBe('Invitation : Budget');
    expect(mail!.text).toContain('vous invite');
  });

  it('answers 400 for a bad address, 404 for another tenant’s or member’s meeting, 403 without the permission', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    const bad = await invite(meeting.id, { emails: ['not-an-address'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'emails.0', code: 'invalid_email' });
    expect((await invite(meeting.id, { emails: [] })).status).toBe(400);
    expect((await invite(meeting.id, { emails: [outsider] }, globexMember, 'globex')).status).toBe(404);
    expect((await invite(meeting.id, { emails: [outsider] }, colleague)).status).toBe(404);
    expect((await invite(meeting.id, { emails: [outsider] }, guest)).status).toBe(403);
  });
});

describe('addMeeting with invitees', () => {
  const outboxTo = (address: string) =>
    server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)));

  it('queues the invitations in the transaction that creates the meeting, and later changes reach the invitees', async () => {
    const dave = 'dave@example.test';
    const res = await server.request('acme', 'POST', '/meetings', { session: member, body: weeklyBody(3, { topic: 'Invited at once', invitees: [dave, frenchUser] }) });
    expect(res.status, res.text).toBe(201);
    const meeting = res.body as { id: string; createdAt: string };
    const [queued] = await outboxTo(dave);
    // now() is the transaction's start: the same instant on both rows is the same transaction.
    expect(queued).toMatchObject({ template: 'meeting_invite', icalMethod: 'REQUEST' });
    expect(queued!.createdAt.toISOString()).toBe(meeting.createdAt);
    expect(await outboxTo(frenchUser)).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'Invitation : Invited at once' })]));

    const [mail] = await deliveredTo(dave, 0);
    expect(mail!.subject).toBe('Invitation: Invited at once');
    expect(new ICAL.Event(mainEvent(mail!.calendar)).uid).toMatch(new RegExp(`^${meeting.id}@`));
    expect((await server.request('acme', 'PATCH', `/meetings/${meeting.id}`, { session: member, body: { topic: 'Invited at once v2' } })).status).toBe(200);
    const [update] = await deliveredTo(dave, 1);
    expect(update!.subject).toBe('Updated invitation: Invited at once v2');
  });

  it('creates no meeting and queues no mail when an invitee’s address is bad (400 with the field’s code)', async () => {
    const erin = 'erin@example.test';
    const res = await server.request('acme', 'POST', '/meetings', { session: member, body: meetingBody({ topic: 'Never scheduled', invitees: [erin, 'not-an-address'] }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'invitees.1', code: 'invalid_email' }));
    const listed = await server.request('acme', 'GET', '/meeting-schedules?q=Never%20scheduled', { session: member });
    expect(listed.body.items).toEqual([]);
    expect(await outboxTo(erin)).toEqual([]);
  });
});

describe('sendCalendarScheduleMeeting', () => {
  it('mails the host and co-hosts the calendar entry; another tenant gets 404, a co-host without the permission 403', async () => {
    const colleagueEmail = userEmail('acme', 'accountadmin');
    const coHostIds = [server.ids.users[colleagueEmail], server.ids.users[userEmail('acme', 'guest')]];
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Hosts entry', coHostIds }));
    const seenHost = sink.to(userEmail('acme', 'member')).length;
    const seenCoHost = sink.to(colleagueEmail).length;
    const res = await server.request('acme', 'POST', `/meetings/${meeting.id}/calendar-mail`, { session: member });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ sent: 3 });
    const [hostMail] = await deliveredTo(userEmail('acme', 'member'), seenHost);
    const [coHostMail] = await deliveredTo(colleagueEmail, seenCoHost);
    for (const mail of [hostMail!, coHostMail!]) expect(new ICAL.Event(mainEvent(mail.calendar)).summary).toBe('Hosts entry');
    expect((await server.request('globex', 'POST', `/meetings/${meeting.id}/calendar-mail`, { session: globexMember })).status).toBe(404);
    expect((await server.request('acme', 'POST', `/meetings/${meeting.id}/calendar-mail`, { session: guest })).status).toBe(403);
    const notMine = await addMeeting(server, 'acme', colleague, meetingBody());
    expect((await server.request('acme', 'POST', `/meetings/${notMine.id}/calendar-mail`, { session: member })).status).toBe(404);
  });
});

describe('sendCalendarMeetingInvite', () => {
  it('answers the invitation as a text/calendar file that ical.js reads', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3, { topic: 'Download me' }));
    const res = await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation.ics`, { session: member });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toContain(`meeting-${meeting.meetingId}.ics`);
    const calendar = checkedCalendar(res.text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(mainEvent(calendar));
    expect(event).toMatchObject({ summary: 'Download me', sequence: 0 });
    expect(event.isRecurring()).toBe(true);
    expect(event.startDate.toJSDate().toISOString()).toBe(meeting.start);
  });

  it('answers 400 for an occurrence of a single meeting or no instant, 404 for another tenant, 403 without the permission', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    const single = await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation.ics?occurrence=${encodeURIComponent(meeting.start)}`, { session: member });
    expect(single.status).toBe(400);
    expect(single.body.code).toBe('not_recurring');
    const bad = await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation.ics?occurrence=soon`, { session: member });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'occurrence', code: 'invalid_occurrence' });
    expect((await server.request('globex', 'GET', `/meetings/${meeting.id}/invitation.ics`, { session: globexMember })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation.ics`, { session: guest })).status).toBe(403);
  });
});

describe('getMeetingInvitationText', () => {
  it('answers the text to copy, with the meeting id, password and join link, in the caller’s language', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Copy me', password: '555123' }));
    const res = await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation-text`, { session: member });
    expect(res.status).toBe(200);
    expect(res.body.text).toContain('Topic: Copy me');
    expect(res.body.text).toContain(`Meeting ID: ${meeting.meetingId.replace(/(\d{3})(\d{3})(\d+)/, '$1 $2 $3')}`);
    expect(res.body.text).toContain('Password: 555123');
    expect(res.body.text).toContain(meeting.joinUrl);
    const french = await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation-text`, { session: member, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.body.text).toContain('Sujet: Copy me');
  });

  it('answers 404 for another tenant’s or member’s meeting, 403 without the permission', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    expect((await server.request('globex', 'GET', `/meetings/${meeting.id}/invitation-text`, { session: globexMember })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation-text`, { session: colleague })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/meetings/${meeting.id}/invitation-text`, { session: guest })).status).toBe(403);
  });
});
