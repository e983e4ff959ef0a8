// Who may enter a meeting's room, from its option toggles (calls section 9) or, for a personal
// meeting, its Security (join mode). Pure, so every rule is tested without a media server.
import type { MeetingRow } from './queries.ts';

export type RoomRole = 'host' | 'cohost' | 'participant';

export type JoinPolicy = {
  password: string | null;
  signedInOnly: boolean;
  /** People may enter before the host has started the meeting (the first one starts it). */
  beforeHost: boolean;
  /** Nobody but the host and co-hosts enters. */
  locked: boolean;
  muteOnEntry: boolean;
  videoOffOnEntry: boolean;
  /** 'host': only the host and co-hosts share their screen. */
  screenShare: 'all' | 'host';
};

const on = (options: Record<string, unknown>, name: string) => options[name] === true;

export function joinPolicyOf(row: Pick<MeetingRow, 'kind' | 'password' | 'options' | 'joinMode'>): JoinPolicy {
  const options = row.options;
  const common = {
    password: row.password,
    muteOnEntry: on(options, 'muteOnEntry'),
    videoOffOnEntry: on(options, 'videoOffOnEntry'),
    screenShare: options.screenShare === 'host' ? ('host' as const) : ('all' as const),
  };
  if (row.kind === 'personal') {
    return { ...common, signedInOnly: row.joinMode === 'signed_in', beforeHost: row.joinMode === 'open', locked: row.joinMode === 'locked' };
  }
  return { ...common, signedInOnly: on(options, 'loggedInOnly'), beforeHost: on(options, 'joinBeforeHost'), locked: on(options, 'lockedRoom') };
}

/** Why this person may not enter now, or null. Checked in this order, so a wrong password is told before "wait for the host". */
export type Refusal = 'sign_in_required' | 'wrong_meeting_password' | 'meeting_locked' | 'waiting_for_host' | 'removed_from_meeting';

export function refusalOf(
  policy: JoinPolicy,
  who: { role: RoomRole; signedIn: boolean; passwordMatches: boolean },
  started: boolean,
): Refusal | null {
  if (who.role !== 'participant') return null;
  if (policy.signedInOnly && !who.signedIn) return 'sign_in_required';
  if (policy.password !== null && !who.passwordMatches) return 'wrong_meeting_password';
  if (policy.locked) return 'meeting_locked';
  if (!started && !policy.beforeHost) return 'waiting_for_host';
  return null;
}
