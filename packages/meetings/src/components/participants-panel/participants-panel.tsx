import { Button, Group, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { DataTable, RowAction, type DataTableColumn } from '@portal/ui-kit';

type Meeting = { id: string; meetingId: string };

export type ChosenMeeting<T extends Meeting> = {
  chosen: T | null;
  /** Shows this meeting's participants and moves the focus to their heading. */
  choose: (meeting: T) => void;
  close: () => void;
  heading: RefObject<HTMLHeadingElement | null>;
};

/** The meeting whose participants a list screen shows under its meetings. */
export function useChosenMeeting<T extends Meeting>(): ChosenMeeting<T> {
  const [chosen, setChosen] = useState<T | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusHeading || !chosen) return;
    heading.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, chosen]);

  return {
    chosen,
    choose: (meeting) => {
      setChosen(meeting);
      setFocusHeading(true);
    },
    close: () => setChosen(null),
    heading,
  };
}

/** A meeting row's 'Participants of <id>' action, marked while that meeting is the chosen one. */
export function ParticipantsRowAction<T extends Meeting>({ meeting, selection }: { meeting: T; selection: ChosenMeeting<T> }) {
  const { t } = useLingui();
  return (
    <RowAction
      label={t`Participants of ${meeting.meetingId}`}
      icon={<IconUsers size={16} aria-hidden="true" />}
      color={selection.chosen?.id === meeting.id ? 'blue' : 'gray'}
      onClick={() => selection.choose(meeting)}
    />
  );
}

/** What the participants' query answers (TanStack Query's result). */
export type ParticipantsQuery<P> = { data?: { items: P[] } | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

export type ParticipantsPanelProps<P extends { id: string }> = {
  /** The meeting shown (its id names the heading). */
  meeting: Meeting;
  selection: Pick<ChosenMeeting<Meeting>, 'close' | 'heading'>;
  participants: ParticipantsQuery<P>;
  columns: ReadonlyArray<DataTableColumn<P>>;
  /** Below this width the table scrolls. */
  minWidth: number;
  /** A meeting that is gone (it ended and was not found) shows no error: its last rows stay. */
  quietWhenGone?: boolean;
  /** Actions on one participant (Live meetings: remove them). */
  rowActions?: (participant: P) => ReactNode;
};

/** 'Participants of meeting <id>' with a Close button, above the participants' table ('There are no participants!'). */
export function ParticipantsPanel<P extends { id: string }>({ meeting, selection, participants, columns, minWidth, quietWhenGone = false, rowActions }: ParticipantsPanelProps<P>) {
  const { t, i18n } = useLingui();
  const failed = participants.isError && !(quietWhenGone && hasProblemCode(participants.error, ['not_found']));
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} ref={selection.heading} tabIndex={-1}>
          <Trans>Participants of meeting {meeting.meetingId}</Trans>
        </Title>
        <Button variant="default" size="xs" onClick={selection.close}>
          <Trans>Close</Trans>
        </Button>
      </Group>
      <DataTable
        label={t`Participants`}
        columns={columns}
        data={participants.data?.items}
        getRowId={(participant) => participant.id}
        loading={participants.isPending}
        error={failed ? problemText(participants.error, i18n) : undefined}
        onRetry={() => void participants.refetch()}
        emptyText={t`There are no participants!`}
        minWidth={minWidth}
        {...(rowActions ? { rowActions } : {})}
      />
    </Stack>
  );
}
