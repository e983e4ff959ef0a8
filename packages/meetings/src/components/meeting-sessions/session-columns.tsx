import { Trans } from '@lingui/react/macro';
import type { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper, type DataTableColumn } from '@portal/ui-kit';
import { MeetingIdCell, YesNoIcon } from './session-cells';

/** What a live or completed meeting row has in common. */
export type SessionListRow = {
  meetingId: string;
  flagged: boolean;
  tenantName: string;
  participants: number;
  startTime: string;
  node: string;
  video: boolean;
  screenShare: boolean;
  phoneBridge: boolean;
  recording: boolean;
};

const session = createDataTableColumnHelper<SessionListRow>();
// TanStack's column types are invariant in the row type; these columns only read fields every T has, so they are T's columns too.

/** Meeting ID (with its quality flag), Tenant Name, Participants, Start Time, the first columns of the live and completed lists. */
export const sessionLeadColumns = <T extends SessionListRow>(format: ReturnType<typeof useDateFormat>) =>
  session.columns([
    session.accessor('meetingId', { header: () => <Trans>Meeting ID</Trans>, enableSorting: false, cell: ({ row }) => <MeetingIdCell code={row.original.meetingId} flagged={row.original.flagged} /> }),
    session.accessor('tenantName', { header: () => <Trans>Tenant Name</Trans>, enableSorting: false }),
    session.accessor('participants', { header: () => <Trans>Participants</Trans>, enableSorting: false }),
    session.accessor('startTime', { header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
  ]) as DataTableColumn<T>[];

/** Video, Screen Share, Phone Bridge, Recording as yes/no icons. */
export const sessionMediaColumns = <T extends SessionListRow>() =>
  session.columns([
    session.accessor('video', { header: () => <Trans>Video</Trans>, enableSorting: false, cell: ({ getValue }) => <YesNoIcon value={getValue()} /> }),
    session.accessor('screenShare', { header: () => <Trans>Screen Share</Trans>, enableSorting: false, cell: ({ getValue }) => <YesNoIcon value={getValue()} /> }),
    session.accessor('phoneBridge', { header: () => <Trans>Phone Bridge</Trans>, enableSorting: false, cell: ({ getValue }) => <YesNoIcon value={getValue()} /> }),
    session.accessor('recording', { header: () => <Trans>Recording</Trans>, enableSorting: false, cell: ({ getValue }) => <YesNoIcon value={getValue()} /> }),
  ]) as DataTableColumn<T>[];

/** Node: the media server node that runs (or ran) the meeting, a name written left to right. */
export const sessionNodeColumn = <T extends SessionListRow>() =>
  session.accessor('node', { header: () => <Trans>Node</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }) as DataTableColumn<T>;
