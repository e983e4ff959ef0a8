// The member's personal meeting (spec 'Personal meeting'): one per person, with an id of their
// choosing (10 digits, unique on the platform), a password of at least 6 digits, a join mode
// (Security), a record mode and the phone bridge. It has no schedule: it is always there.
import { isUniqueViolation } from '../kernel/db/errors.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { ProblemError, notFound } from '../kernel/http/problem.ts';
import { joinUrlOf, requirePermission, type MeetingScope } from './access.ts';
import { defaultOptions } from './options.ts';
import { checkRecordMode, enabledRecordModes } from './recording-policy.ts';
import { auditMeeting } from './audit.ts';
import { findPerson, findPersonalMeeting, insertMeeting, updateMeetingRow, type MeetingRow } from './queries.ts';
import { isTimeZone } from './recurrence.ts';

type PersonalMeeting = Schemas['PersonalMeeting'];

function personalDto(scope: Pick<MeetingScope, 'origin'>, row: MeetingRow): PersonalMeeting {
  return {
    id: row.id,
    meetingId: row.code,
    topic: row.topic,
    password: row.password,
    joinMode: row.joinMode,
    recordMode: row.recordMode as PersonalMeeting['recordMode'],
    phoneBridge: row.phoneBridge,
    joinUrl: joinUrlOf(scope.origin, row.code),
  };
}

const idTaken = () =>
  new ProblemError(409, 'meeting_id_exists', { errors: [{ field: 'meetingId', code: 'meeting_id_exists', message: 'Meeting id already exists' }] });

export async function readPersonalMeeting(scope: MeetingScope): Promise<PersonalMeeting> {
  requirePermission(scope, 'personal', 'get');
  const row = await scope.db((tx) => findPersonalMeeting(tx, scope.userId));
  if (!row) throw notFound();
  return personalDto(scope, row);
}

export async function savePersonalMeeting(scope: MeetingScope, input: Schemas['PersonalMeetingSave']): Promise<PersonalMeeting> {
  requirePermission(scope, 'personal', 'update');
  const fields = {
    code: input.meetingId,
    topic: input.topic,
    password: input.password,
    joinMode: input.joinMode,
    recordMode: input.recordMode,
    phoneBridge: input.phoneBridge,
  };
  const defaults = await defaultOptions(scope.database, null);
  const enabledModes = await enabledRecordModes(scope.database);
  try {
    const row = await scope.db(async (tx) => {
      const current = await findPersonalMeeting(tx, scope.userId);
      // A mode switched off after it was chosen is kept while the save leaves it as it is (see recording-policy.ts).
      if (input.recordMode !== current?.recordMode) checkRecordMode(input.recordMode, enabledModes);
      if (current) {
        const updated = await updateMeetingRow(tx, current.id, { ...fields, sequence: current.sequence + 1 });
        await auditMeeting(tx, scope, { action: 'update', before: current, after: updated });
        return updated;
      }
      const person = await findPerson(tx, scope.userId);
      const created = await insertMeeting(tx, scope.tenantId, {
        ...fields,
        kind: 'personal',
        hostId: scope.userId,
        startsAt: scope.now(),
        durationMinutes: 60,
        timeZone: person?.timeZone && isTimeZone(person.timeZone) ? person.timeZone : 'UTC',
        meetingMode: defaults.mode,
        options: defaults.options,
      });
      await auditMeeting(tx, scope, { action: 'create', after: created });
      return created;
    });
    return personalDto(scope, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw idTaken();
    throw error;
  }
}
