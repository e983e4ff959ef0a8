// Drizzle queries of the meetings module. Each runs in the caller's tenant transaction, so
// row-level security keeps other tenants' meetings out of sight; "mine" is the host or a co-host.
import { and, asc, desc, eq, exists, gt, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { meetingCoHosts, meetingExceptions, meetingInvitees, meetings, users } from '../kernel/db/schema.ts';
import { microsecondKey, olderThan, type TimeKey } from '../kernel/db/keyset.ts';
import type { Database } from '../kernel/db/types.ts';
import { likePattern } from '../kernel/db/like.ts';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingValues = Omit<typeof meetings.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type ExceptionRow = typeof meetingExceptions.$inferSelect;
export type PersonRow = { id: string; name: string; email: string };


const isMine = (userId: string): SQL =>
  or(
    eq(meetings.hostId, userId),
    exists(
      sql`(select 1 from ${meetingCoHosts} where ${meetingCoHosts.meetingId} = ${meetings.id} and ${meetingCoHosts.userId} = ${userId})`,
    ),
  ) ?? sql`false`;

const matches = (q: string | undefined): SQL | undefined => (q ? or(ilike(meetings.topic, likePattern(q)), ilike(meetings.code, likePattern(q))) : undefined);

export async function findMeeting(tx: Database, id: string): Promise<MeetingRow | null> {
  const [row] = await tx.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  return row ?? null;
}

export async function findMyMeeting(tx: Database, id: string, userId: string): Promise<MeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), isMine(userId)))
    .limit(1);
  return row ?? null;
}

export async function findPersonalMeeting(tx: Database, hostId: string): Promise<MeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.hostId, hostId), eq(meetings.kind, 'personal')))
    .limit(1);
  return row ?? null;
}

/** Scheduled meetings of mine that may have an occurrence in [from, to): started before `to`, not over by `from`. */
export async function listScheduledInWindow(tx: Database, filter: { userId: string; from: Date; to: Date; q?: string | undefined }): Promise<MeetingRow[]> {
  return tx
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.kind, 'scheduled'),
        isMine(filter.userId),
        lt(meetings.startsAt, filter.to),
        or(isNull(meetings.endsAt), gt(meetings.endsAt, filter.from)),
        matches(filter.q),
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id));
}

/** Open meetings of mine not over at `now`, newest first, after the keyset position (`at`: the created time with microseconds). */
export async function listOpenMeetings(
  tx: Database,
  filter: { userId: string; now: Date; q?: string | undefined; after: TimeKey | null; limit: number },
): Promise<(MeetingRow & { at: string })[]> {
  const rows = await tx
    .select({ meeting: meetings, at: microsecondKey(meetings.createdAt) })
    .from(meetings)
    .where(
      and(
        eq(meetings.kind, 'open'),
        isMine(filter.userId),
        or(isNull(meetings.endsAt), gt(meetings.endsAt, filter.now)),
        matches(filter.q),
        filter.after ? olderThan(meetings.createdAt, meetings.id, filter.after) : undefined,
      ),
    )
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(filter.limit);
  return rows.map(({ meeting, at }) => ({ ...meeting, at }));
}

export async function exceptionsOf(tx: Database, meetingIds: readonly string[]): Promise<ExceptionRow[]> {
  if (meetingIds.length === 0) return [];
  return tx.select().from(meetingExceptions).where(inArray(meetingExceptions.meetingId, [...meetingIds]));
}

export async function coHostsOf(tx: Database, meetingId: string): Promise<PersonRow[]> {
  return tx
    .select({ id: users.id, name: sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`, email: users.email })
    .from(meetingCoHosts)
    .innerJoin(users, eq(users.id, meetingCoHosts.userId))
    .where(eq(meetingCoHosts.meetingId, meetingId))
    .orderBy(asc(users.email));
}

export async function findPerson(tx: Database, userId: string): Promise<(PersonRow & { language: string | null; timeZone: string | null }) | null> {
  const [row] = await tx
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      language: users.language,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const personName = sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`;

/** Enabled users of the tenant but `exceptUserId`, whose name or email holds `q`, by name then email: who may co-host. */
export async function listCoHostCandidates(
  tx: Database,
  filter: { tenantId: string; exceptUserId: string; q?: string | undefined; limit: number },
): Promise<PersonRow[]> {
  const q = filter.q?.trim();
  return tx
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.tenantId, filter.tenantId),
        eq(users.status, 'enabled'),
        ne(users.id, filter.exceptUserId),
        q
          ? or(
              ilike(users.email, likePattern(q)),
              ilike(users.firstName, likePattern(q)),
              ilike(users.lastName, likePattern(q)),
              ilike(users.displayName, likePattern(q)),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(q)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(personName), asc(users.email))
    .limit(filter.limit);
}

/** Which of these user ids are enabled users of the tenant. */
export async function existingUserIds(tx: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 'enabled')));
  return new Set(rows.map((row) => row.id));
}

export async function insertMeeting(tx: Database, tenantId: string, values: MeetingValues): Promise<MeetingRow> {
  const [row] = await tx
    .insert(meetings)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('insert returned no meeting');
  return row;
}

export async function updateMeetingRow(tx: Database, id: string, values: Partial<MeetingValues>): Promise<MeetingRow> {
  const [row] = await tx
    .update(meetings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetings.id, id))
    .returning();
  if (!row) throw new Error('update found no meeting');
  return row;
}

export async function deleteMeetingRow(tx: Database, id: string): Promise<void> {
  await tx.delete(meetings).where(eq(meetings.id, id));
}

export async function replaceCoHosts(tx: Database, tenantId: string, meetingId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(meetingCoHosts).where(eq(meetingCoHosts.meetingId, meetingId));
  if (userIds.length > 0) await tx.insert(meetingCoHosts).values(userIds.map((userId) => ({ tenantId, meetingId, userId })));
}

export async function upsertException(tx: Database, tenantId: string, exception: Omit<typeof meetingExceptions.$inferInsert, 'tenantId'>): Promise<void> {
  await tx
    .insert(meetingExceptions)
    .values({ ...exception, tenantId })
    .onConflictDoUpdate({
      target: [meetingExceptions.meetingId, meetingExceptions.originalStart],
      set: { cancelled: exception.cancelled ?? false, startsAt: exception.startsAt ?? null, durationMinutes: exception.durationMinutes ?? null, topic: exception.topic ?? null },
    });
}

export async function deleteExceptions(tx: Database, meetingId: string, originalStarts: readonly Date[]): Promise<void> {
  if (originalStarts.length === 0) return;
  await tx.delete(meetingExceptions).where(and(eq(meetingExceptions.meetingId, meetingId), inArray(meetingExceptions.originalStart, [...originalStarts])));
}

export async function inviteesOf(tx: Database, meetingId: string): Promise<{ email: string; occurrence: Date | null }[]> {
  return tx
    .select({ email: meetingInvitees.email, occurrence: meetingInvitees.occurrence })
    .from(meetingInvitees)
    .where(eq(meetingInvitees.meetingId, meetingId))
    .orderBy(asc(meetingInvitees.email));
}

/** Keeps who was invited; a series invitation widens an earlier single-occurrence one. */
export async function addInvitees(tx: Database, tenantId: string, meetingId: string, emails: readonly string[], occurrence: Date | null): Promise<void> {
  if (emails.length === 0) return;
  await tx
    .insert(meetingInvitees)
    .values(emails.map((email) => ({ tenantId, meetingId, email, occurrence })))
    .onConflictDoUpdate({
      target: [meetingInvitees.meetingId, meetingInvitees.email],
      set: { occurrence: occurrence === null ? null : sql`case when ${meetingInvitees.occurrence} is null then null else excluded.occurrence end` },
    });
}

/** Languages of the tenant's users among these addresses, so invitees who have an account read their own. */
export async function languagesOf(tx: Database, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return new Map(rows.flatMap((row) => (row.language ? [[row.email, row.language] as const] : [])));
}
