// The rules of scheduled and open meetings (spec 'Schedule meetings', 'Upcoming', 'Open'): who
// may do what to which kind, the generated platform-unique meeting id, options from the meeting
// modes, and every change told to the people invited, in the transaction that makes it.
import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, fieldError } from '../kernel/http/problem.ts';
import { joinUrlOf, myMeeting, requirePermission, type MeetingScope } from './access.ts';
import { auditMeeting } from './audit.ts';
import { invitePeople, notifyInvitees } from './invitations.ts';
import { defaultOptions } from './options.ts';
import { checkPlanDuration, meetingLimitsOf } from './plan-limits.ts';
import { checkRecordMode, enabledRecordModes } from './recording-policy.ts';
import { encryptedMeetingProblem, newMeetingsEncrypted } from './e2ee.ts';
import {
  coHostsOf,
  deleteExceptions,
  deleteMeetingRow,
  exceptionsOf,
  existingUserIds,
  findPerson,
  insertMeeting,
  replaceCoHosts,
  updateMeetingRow,
  upsertException,
  type MeetingRow,
  type MeetingValues,
} from './queries.ts';
import { isOccurrenceStart, type Schedule } from './recurrence.ts';
import { checkTimeZone, checkUpcoming, endOf, normalisedRecurrence, scheduleOf, storedRule } from './schedule.ts';

type Meeting = Schemas['Meeting'];
export async function meetingDto(tx: Database, scope: Pick<MeetingScope, 'origin'>, row: MeetingRow, schedule?: Schedule): Promise<Meeting> {
  const full = schedule ?? scheduleOf(row, await exceptionsOf(tx, [row.id]));
  const host = await findPerson(tx, row.hostId);
  return {
    id: row.id,
    meetingId: row.code,
    kind: row.kind,
    topic: row.topic,
    description: row.description,
    start: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    recurrence: full.recurrence,
    password: row.password,
    recordMode: row.recordMode as Meeting['recordMode'],
    meetingMode: row.meetingMode,
    options: row.options as Meeting['options'],
    phoneBridge: row.phoneBridge,
    host: { id: row.hostId, name: host?.name ?? '', email: host?.email ?? '' },
    coHosts: await coHostsOf(tx, row.id),
    exceptions: full.exceptions.map((exception) => ({
      originalStart: exception.originalStart.toISOString(),
      cancelled: exception.cancelled,
      start: exception.start?.toISOString() ?? null,
      durationMinutes: exception.durationMinutes ?? null,
      topic: exception.topic ?? null,
    })),
    joinUrl: joinUrlOf(scope.origin, row.code),
    endToEndEncrypted: row.endToEndEncrypted,
    sequence: row.sequence,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An 11-digit id nobody has (personal meetings have 10, so the two never meet). */
const newCode = () => String(randomInt(10_000_000_000, 100_000_000_000));

/** Retries a fresh meeting id a few times when the generated one is taken. */
async function withFreshCode<T>(work: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work(newCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

async function checkCoHosts(tx: Database, scope: MeetingScope, ids: readonly string[] | undefined): Promise<string[]> {
  const wanted = (ids ?? []).filter((id) => id !== scope.userId);
  const known = await existingUserIds(tx, wanted);
  if (wanted.some((id) => !known.has(id))) throw fieldError('coHostIds', 'unknown_user', 'A co-host is not a user of this tenant.');
  return wanted;
}

function checkPassword(options: Schemas['MeetingOptions'], password: string | null | undefined): void {
  if (options.meetingPassword && !password) throw fieldError('password', 'password_required', 'Enter a valid meeting password');
}

/**
 * `viaBrowser: false`: made for someone without their browser (the Slack command), so no browser
 * can make its key (e2ee.ts): it is not end-to-end encrypted, whatever the tenant's app says.
 */
export async function createMeeting(scope: MeetingScope, input: Schemas['MeetingCreate'], { viaBrowser = true }: { viaBrowser?: boolean } = {}): Promise<Meeting> {
  requirePermission(scope, input.kind, 'put');
  const invitees = input.invitees ?? [];
  if (invitees.length > 0) requirePermission(scope, input.kind, 'invite');
  checkTimeZone(input.timeZone);
  const start = new Date(input.start);
  checkUpcoming(start, scope.now());
  const recurrence = input.recurrence ? normalisedRecurrence(input.recurrence, start, input.timeZone) : null;
  const schedule: Schedule = { start, durationMinutes: input.durationMinutes, timeZone: input.timeZone, recurrence, exceptions: [] };
  const defaults = await defaultOptions(scope.database, input.meetingMode);
  checkRecordMode(input.recordMode, await enabledRecordModes(scope.database));
  return withFreshCode((code) =>
    scope.db(async (tx) => {
      checkPlanDuration(await meetingLimitsOf(tx, scope.tenantId), input.durationMinutes);
      const options = input.options ?? defaults.options;
      checkPassword(options, input.password);
      const coHosts = await checkCoHosts(tx, scope, input.coHostIds);
      const encrypted = viaBrowser && (await newMeetingsEncrypted(tx, scope.tenantId));
      const values: MeetingValues = {
        code,
        kind: input.kind,
        hostId: scope.userId,
        topic: input.topic,
        description: input.description ?? null,
        startsAt: start,
        durationMinutes: input.durationMinutes,
        timeZone: input.timeZone,
        rrule: storedRule(recurrence, input.timeZone),
        endsAt: input.kind === 'open' && !recurrence ? null : endOf(schedule),
        password: input.password ?? null,
        // Recordings of encrypted media are ciphertext: such a meeting is never recorded.
        recordMode: encrypted ? null : (input.recordMode ?? null),
        meetingMode: defaults.mode,
        options,
        phoneBridge: input.phoneBridge ?? false,
        endToEndEncrypted: encrypted,
      };
      const row = await insertMeeting(tx, scope.tenantId, values);
      await replaceCoHosts(tx, scope.tenantId, row.id, coHosts);
      await auditMeeting(tx, scope, { action: 'create', after: row });
      // In this transaction: the meeting is not there without its invitations, nor they without it.
      await invitePeople(tx, scope, row, schedule, invitees);
      return meetingDto(tx, scope, row, schedule);
    }),
  );
}

export async function readMeeting(scope: MeetingScope, id: string): Promise<Meeting> {
  return scope.db(async (tx) => meetingDto(tx, scope, await myMeeting(tx, scope, id, 'get')));
}

/** Exceptions the changed rule or start no longer produces are dropped: they name occurrences that are gone. */
async function dropStrayExceptions(tx: Database, meetingId: string, schedule: Schedule): Promise<Schedule> {
  const stray = schedule.exceptions.filter((exception) => !isOccurrenceStart({ ...schedule, exceptions: [] }, exception.originalStart));
  await deleteExceptions(
    tx,
    meetingId,
    stray.map((exception) => exception.originalStart),
  );
  return { ...schedule, exceptions: schedule.exceptions.filter((exception) => !stray.includes(exception)) };
}

export async function changeMeeting(scope: MeetingScope, id: string, input: Schemas['MeetingUpdate']): Promise<Meeting> {
  const modeOptions = input.options === undefined && input.meetingMode !== undefined ? (await defaultOptions(scope.database, input.meetingMode)).options : undefined;
  const enabledModes = await enabledRecordModes(scope.database);
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'update');
    // A mode switched off after it was chosen is kept while the update leaves it as it is (see recording-policy.ts).
    if (input.recordMode !== row.recordMode) checkRecordMode(input.recordMode, enabledModes);
    if (row.kind === 'personal') throw new ProblemError(400, 'personal_meeting', { detail: 'Change a personal meeting with savePersonalMeeting' });
    if (row.endToEndEncrypted && input.recordMode) throw encryptedMeetingProblem();
    // A meeting longer than a plan changed since keeps its length while nobody changes it.
    if (input.durationMinutes !== undefined && input.durationMinutes !== row.durationMinutes) checkPlanDuration(await meetingLimitsOf(tx, scope.tenantId), input.durationMinutes);
    const timeZone = input.timeZone ?? row.timeZone;
    checkTimeZone(timeZone);
    const start = input.start ? new Date(input.start) : row.startsAt;
    if (input.start && start.getTime() !== row.startsAt.getTime()) checkUpcoming(start, scope.now());
    const before = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    const recurrence =
      input.recurrence === undefined
        ? before.recurrence && normalisedRecurrence(before.recurrence, start, timeZone)
        : input.recurrence && normalisedRecurrence(input.recurrence, start, timeZone);
    const options = input.options ?? modeOptions ?? (row.options as Schemas['MeetingOptions']);
    const password = input.password === undefined ? row.password : input.password;
    checkPassword(options, password);
    if (input.coHostIds) await replaceCoHosts(tx, scope.tenantId, row.id, await checkCoHosts(tx, scope, input.coHostIds));
    const schedule = await dropStrayExceptions(tx, row.id, {
      start,
      durationMinutes: input.durationMinutes ?? row.durationMinutes,
      timeZone,
      recurrence,
      exceptions: before.exceptions,
    });
    const updated = await updateMeetingRow(tx, row.id, {
      topic: input.topic ?? row.topic,
      description: input.description === undefined ? row.description : input.description,
      startsAt: start,
      durationMinutes: schedule.durationMinutes,
      timeZone,
      rrule: storedRule(recurrence, timeZone),
      endsAt: row.kind === 'open' && !recurrence ? null : endOf(schedule),
      password,
      recordMode: input.recordMode === undefined ? row.recordMode : input.recordMode,
      meetingMode: input.meetingMode === undefined ? row.meetingMode : input.meetingMode,
      options,
      phoneBridge: input.phoneBridge ?? row.phoneBridge,
      sequence: row.sequence + 1,
    });
    await auditMeeting(tx, scope, { action: 'update', before: row, after: updated });
    await notifyInvitees(tx, scope, updated, schedule, { kind: 'update' });
    return meetingDto(tx, scope, updated, schedule);
  });
}

/** The occurrence `originalStart` of a recurring meeting, or 400/404 when the meeting has none such. */
function checkOccurrence(row: MeetingRow, schedule: Schedule, originalStart: Date): void {
  if (!schedule.recurrence) throw new ProblemError(400, 'not_recurring', { detail: 'This meeting has a single occurrence: change or delete the meeting itself' });
  if (Number.isNaN(originalStart.getTime()) || !isOccurrenceStart({ ...schedule, exceptions: [] }, originalStart)) {
    throw new ProblemError(404, 'occurrence_not_found', { detail: `Meeting ${row.code} has no occurrence at this time` });
  }
}

/**
 * What the occurrence keeps as its own: the value given, else the one it had; a value equal to the
 * series' is none (null), so a later change of the whole series reaches this occurrence too.
 */
function ownValue<T>(given: T | undefined, own: T | null | undefined, series: T): T | null {
  const value = given === undefined ? (own ?? null) : given;
  return value === series ? null : value;
}

export async function changeOccurrence(scope: MeetingScope, id: string, occurrence: string, input: Schemas['OccurrenceUpdate']): Promise<Meeting> {
  return scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'update');
    const before = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    const originalStart = new Date(occurrence);
    checkOccurrence(row, before, originalStart);
    const current = before.exceptions.find((exception) => exception.originalStart.getTime() === originalStart.getTime());
    if (current?.cancelled) throw new ProblemError(404, 'occurrence_not_found', { detail: 'This occurrence was cancelled' });
    const start = input.start ? new Date(input.start) : (current?.start ?? originalStart);
    if (input.start) checkUpcoming(start, scope.now());
    if (input.durationMinutes !== undefined && input.durationMinutes !== (current?.durationMinutes ?? row.durationMinutes)) {
      checkPlanDuration(await meetingLimitsOf(tx, scope.tenantId), input.durationMinutes);
    }
    const exception = {
      originalStart,
      cancelled: false,
      start,
      durationMinutes: ownValue(input.durationMinutes, current?.durationMinutes, row.durationMinutes),
      topic: ownValue(input.topic, current?.topic, row.topic),
    };
    await upsertException(tx, scope.tenantId, { meetingId: row.id, originalStart, cancelled: false, startsAt: start, durationMinutes: exception.durationMinutes, topic: exception.topic });
    const schedule: Schedule = { ...before, exceptions: [...before.exceptions.filter((e) => e !== current), exception] };
    const updated = await updateMeetingRow(tx, row.id, { sequence: row.sequence + 1, endsAt: endOf(schedule) });
    await auditMeeting(tx, scope, { action: 'update', before: row, after: updated, occurrence: { start: originalStart, cancelled: false } });
    await notifyInvitees(tx, scope, updated, schedule, { kind: 'update', occurrence: originalStart });
    return meetingDto(tx, scope, updated, schedule);
  });
}

export async function removeMeeting(scope: MeetingScope, id: string, occurrence: string | undefined): Promise<void> {
  await scope.db(async (tx) => {
    const row = await myMeeting(tx, scope, id, 'delete');
    if (row.kind === 'personal') throw new ProblemError(400, 'personal_meeting', { detail: 'A personal meeting is changed, never deleted' });
    const before = scheduleOf(row, await exceptionsOf(tx, [row.id]));
    if (occurrence === undefined) {
      await notifyInvitees(tx, scope, { ...row, sequence: row.sequence + 1 }, before, { kind: 'cancel' });
      await deleteMeetingRow(tx, row.id);
      await auditMeeting(tx, scope, { action: 'delete', before: row });
      return;
    }
    const originalStart = new Date(occurrence);
    checkOccurrence(row, before, originalStart);
    await upsertException(tx, scope.tenantId, { meetingId: row.id, originalStart, cancelled: true });
    const schedule: Schedule = {
      ...before,
      exceptions: [...before.exceptions.filter((e) => e.originalStart.getTime() !== originalStart.getTime()), { originalStart, cancelled: true }],
    };
    const updated = await updateMeetingRow(tx, row.id, { sequence: row.sequence + 1, endsAt: endOf(schedule) });
    await auditMeeting(tx, scope, { action: 'update', before: row, after: updated, occurrence: { start: originalStart, cancelled: true } });
    await notifyInvitees(tx, scope, updated, schedule, { kind: 'cancel', occurrence: originalStart });
  });
}
