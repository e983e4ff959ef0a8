import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useServerTable } from '@portal/ui-kit';
import { useMeetingSchedules } from '../../api/meetings/get-meeting-schedules';
import { ActionableMeetingList } from '../meeting-list';

/** How far ahead the list reaches (the API allows at most 366 days). */
const UPCOMING_WINDOW_DAYS = 365;

/**
 * Upcoming meetings (spec): the member's scheduled occurrences, expanded on the server, in start
 * order; Meeting ID, Topic, Time; Start, Copy, Edit, Invite, Delete; Schedule a meeting.
 */
export function UpcomingMeetingsScreen() {
  const { t } = useLingui();
  const table = useServerTable();
  // The server's default window is 90 days: a meeting scheduled further ahead would be missing
  // from the list the form lands on. Ask for the widest window it allows (366 days), once.
  const [to] = useState(() => new Date(Date.now() + UPCOMING_WINDOW_DAYS * 86_400_000).toISOString());
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, to }), [table.params, to]);
  const schedules = useMeetingSchedules(params);
  return <ActionableMeetingList title={t`Upcoming meetings`} table={table} meetings={schedules} emptyText={t`There are no upcoming meetings!`} />;
}
