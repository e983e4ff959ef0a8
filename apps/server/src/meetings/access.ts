// Who may act on which meeting: the caller must host or co-host it (another person's or tenant's
// meeting is 404), and hold the permission its kind asks for the action (spec section 6).
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { forbidden, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { findMyMeeting, type MeetingRow } from './queries.ts';

type MeetingKind = Schemas['MeetingKind'];
export type MeetingAction = 'get' | 'put' | 'update' | 'delete' | 'invite' | 'copy';

export type MeetingScope = Pick<RequestScope, 'tenantId' | 'caller' | 'db' | 'database' | 'audit'> & {
  userId: string;
  /** Origin of this tenant's portal, for join links. */
  origin: string;
  /** The request's Accept-Language: the caller's language when their profile names none. */
  acceptLanguage: string | undefined;
  now: () => Date;
};

/** The permission a kind of meeting asks for an action (spec section 6: meeting.schedule.*, meeting.open.*, meeting.personal.*). */
export function permissionFor(kind: MeetingKind, action: MeetingAction): string {
  if (kind === 'personal') return action === 'get' || action === 'copy' ? 'meeting.personal.get' : 'meeting.personal.update';
  return `meeting.${kind === 'scheduled' ? 'schedule' : 'open'}.${action}`;
}

export function requirePermission(scope: Pick<MeetingScope, 'caller'>, kind: MeetingKind, action: MeetingAction): void {
  if (!scope.caller.permissions.has(permissionFor(kind, action))) throw forbidden();
}

export const joinUrlOf = (origin: string, code: string) => `${origin}/portal/join/${code}`;

/** A meeting of mine (host or co-host) that the caller may act on this way; another person's or tenant's is 404. */
export async function myMeeting(tx: Database, scope: MeetingScope, id: string, action: MeetingAction): Promise<MeetingRow> {
  const row = await findMyMeeting(tx, id, scope.userId);
  if (!row) throw notFound();
  requirePermission(scope, row.kind, action);
  return row;
}
