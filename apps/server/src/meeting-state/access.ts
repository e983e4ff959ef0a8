// Which meetings a caller may look into on the Meeting state and Meeting log screens: the platform
// super administrator (at the system realm) every meeting of the platform; administrators of a tenant
// every meeting of their tenant; anyone else (a custom role holding room.meetingstate.get) only the
// meetings they host, co-host or attended (a participant row of any run with their user id). A
// meeting the caller may not see is as unknown as one that does not exist: 404.
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../kernel/access/caller.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingParticipants, meetings, meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import type { MeetingRow } from '../meetings/index.ts';
import { findMeetingByCode, isCoHost } from '../meetings/index.ts';

export type InspectScope = Pick<RequestScope, 'caller' | 'db' | 'database'> & {
  userId: string | null;
  /** The super administrator at the system realm: reaches every tenant. */
  platformAdmin: boolean;
};

export type InspectedMeeting = {
  meeting: MeetingRow;
  /** A transaction in the meeting's tenant. */
  db: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;
};

/** 'Meeting Id not found' on the screens. */
export const meetingIdNotFound = () => new ProblemError(404, 'not_found', { detail: 'Meeting Id not found' });

const tenantAdministrators = new Set(['superadmin', 'tenantadmin', 'admin']);

const administersTenant = (caller: Caller) => tenantAdministrators.has(caller.role);

async function attended(tx: Database, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: meetingParticipants.id })
    .from(meetingParticipants)
    .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
    .where(and(eq(meetingSessions.meetingId, meetingId), eq(meetingParticipants.userId, userId)))
    .limit(1);
  return row !== undefined;
}

async function platformMeeting(database: AppDatabase, code: string): Promise<InspectedMeeting | null> {
  const [meeting] = await database.withPlatform((tx) => tx.select().from(meetings).where(eq(meetings.code, code)).limit(1));
  if (!meeting) return null;
  return { meeting, db: (fn) => database.withTenant(meeting.tenantId, fn) };
}

export async function inspectedMeeting(scope: InspectScope, code: string): Promise<InspectedMeeting> {
  if (scope.platformAdmin) {
    const found = await platformMeeting(scope.database, code);
    if (!found) throw meetingIdNotFound();
    return found;
  }
  const meeting = await scope.db(async (tx) => {
    const row = await findMeetingByCode(tx, code);
    if (!row) return null;
    if (administersTenant(scope.caller)) return row;
    const { userId } = scope;
    if (!userId) return null;
    if (row.hostId === userId || (await isCoHost(tx, row.id, userId)) || (await attended(tx, row.id, userId))) return row;
    return null;
  });
  if (!meeting) throw meetingIdNotFound();
  return { meeting, db: scope.db };
}
