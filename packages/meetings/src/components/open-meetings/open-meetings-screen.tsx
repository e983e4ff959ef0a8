import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useServerTable } from '@portal/ui-kit';
import { useOpenMeetings } from '../../api/meetings/get-meetings';
import { ActionableMeetingList } from '../meeting-list';

/**
 * Open meetings (spec): meetings anyone with the link may join until they end, in the same
 * pattern as the upcoming list. Empty: 'There are no open meetings!'.
 */
export function OpenMeetingsScreen() {
  const { t } = useLingui();
  const table = useServerTable();
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit }), [table.params]);
  const meetings = useOpenMeetings(params);
  return <ActionableMeetingList title={t`Open meetings`} table={table} meetings={meetings} emptyText={t`There are no open meetings!`} />;
}
