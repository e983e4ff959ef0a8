import { Badge, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { StreamRow } from '../../api/inspect/meeting-state';

const column = createDataTableColumnHelper<StreamRow>();
export const streamRowId = (row: StreamRow) => `${row.sessionId}/${row.handleId}`;

const ltr = (value: string | number | null) => <span dir="ltr">{value ?? '—'}</span>;

/** Session Id, Audio, Video, Status, Stream Type, Media Server, Handle Id, Participant Id, Audio Codec, Display Name (spec: Stream row). */
export function useStreamColumns() {
  const { t } = useLingui();
  return useMemo(() => {
    const media = (flow: StreamRow['audio']) => (flow ? <span dir="ltr">{flow.direction === 'in' ? t`in ${flow.kbps} kbps` : t`out ${flow.kbps} kbps`}</span> : '—');
    const status = (row: StreamRow) => {
      if (row.orphanReason === 'no_room') return <Badge color="orange" variant="light">{t`Not in the room`}</Badge>;
      if (row.orphanReason === 'feed_gone') return <Badge color="orange" variant="light">{t`Publisher left`}</Badge>;
      if (row.orphanReason === 'not_ready') return <Badge color="red" variant="light">{t`Media never connected`}</Badge>;
      if (row.ready) return <Badge color="green" variant="light">{t`Connected`}</Badge>;
      return <Text size="sm">{t`Connecting (ICE ${row.ice ?? '—'}, DTLS ${row.dtls ?? '—'})`}</Text>;
    };
    const streamType = (row: StreamRow) => (row.streamType === 'publisher' ? t`Publisher` : row.streamType === 'subscriber' ? t`Subscriber` : '—');
    const participant = (row: StreamRow) =>
      row.participantId !== null ? ltr(row.participantId) : row.feedId !== null ? <span dir="ltr">→ {row.feedId}{row.feedDisplayName ? ` (${row.feedDisplayName})` : ''}</span> : '—';
    return column.columns([
      column.accessor('sessionId', { header: () => <Trans>Session Id</Trans>, enableSorting: false, cell: ({ getValue }) => ltr(getValue()) }),
      column.accessor('audio', { header: () => <Trans>Audio</Trans>, enableSorting: false, cell: ({ getValue }) => media(getValue()) }),
      column.accessor('video', { header: () => <Trans>Video</Trans>, enableSorting: false, cell: ({ getValue }) => media(getValue()) }),
      column.display({ id: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => status(row.original) }),
      column.display({ id: 'streamType', header: () => <Trans>Stream Type</Trans>, cell: ({ row }) => streamType(row.original) }),
      column.accessor('mediaServer', { header: () => <Trans>Media Server</Trans>, enableSorting: false, cell: ({ getValue }) => ltr(getValue()) }),
      column.accessor('handleId', { header: () => <Trans>Handle Id</Trans>, enableSorting: false, cell: ({ getValue }) => ltr(getValue()) }),
      column.display({ id: 'participantId', header: () => <Trans>Participant Id</Trans>, cell: ({ row }) => participant(row.original) }),
      column.accessor('audioCodec', { header: () => <Trans>Audio Codec</Trans>, enableSorting: false, cell: ({ getValue }) => getValue() ?? '—' }),
      column.accessor('displayName', { header: () => <Trans>Display Name</Trans>, enableSorting: false, cell: ({ getValue }) => getValue() ?? '—' }),
    ]);
  }, [t]);
}
