import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('meetings');

/**
 * Meetings: every list (upcoming occurrences, open, past) hangs under `['meetings', 'list']`, so a
 * change to a meeting invalidates them all with `meetingKeys.lists()`.
 */
export const meetingKeys = {
  ...base,
  upcoming: <P extends object>(params: P) => [...base.lists(), 'upcoming', params] as const,
  open: <P extends object>(params: P) => [...base.lists(), 'open', params] as const,
  past: <P extends object>(params: P) => [...base.lists(), 'past', params] as const,
  personal: () => [...base.all, 'personal'] as const,
  /** The join page's view of a meeting, by its code. */
  join: (code: string) => [...base.all, 'join', code] as const,
  /** The saved meeting modes offered when scheduling. */
  modes: () => [...base.all, 'modes'] as const,
  /** People who may co-host, by search text. */
  coHostCandidates: <P extends object>(params: P) => [...base.all, 'co-host-candidates', params] as const,
};
