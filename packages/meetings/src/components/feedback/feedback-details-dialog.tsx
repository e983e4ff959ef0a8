import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog } from '@portal/ui-kit';
import { useDateFormat } from '@portal/i18n';
import type { Feedback } from '../../api/feedback/get-feedback';
import { audioIssueLabels, videoIssueLabels } from './issue-labels';

/** One kind of issue: its heading and what was ticked, or 'No issues'. */
function IssueList({ title, labels }: { title: ReactNode; labels: string[] }) {
  return (
    <>
      <Title order={4} size="h5">
        {title}
      </Title>
      {labels.length ? (
        <ul>
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : (
        <Text size="sm">
          <Trans>No issues</Trans>
        </Text>
      )}
    </>
  );
}

export type FeedbackDialogProps = { feedback: Feedback | null; onClose: () => void };

/** The Issues button's breakdown: the video and audio issues the participant ticked, or 'No issues'. */
export function FeedbackIssuesDialog({ feedback, onClose }: FeedbackDialogProps) {
  const { t, i18n } = useLingui();
  const video = feedback?.videoIssues ?? [];
  const audio = feedback?.audioIssues ?? [];
  return (
    <Dialog opened={feedback !== null} onClose={onClose} title={t`Issues`}>
      {video.length === 0 && audio.length === 0 ? (
        <Text>
          <Trans>No issues</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <IssueList title={<Trans>Video issues</Trans>} labels={video.map((issue) => i18n._(videoIssueLabels[issue]))} />
          <IssueList title={<Trans>Audio issues</Trans>} labels={audio.map((issue) => i18n._(audioIssueLabels[issue]))} />
        </Stack>
      )}
    </Dialog>
  );
}

/** Participant detail: version, speaker, mic, IP, network, camera, start time, and whether their call quality was flagged. */
export function FeedbackParticipantDialog({ feedback, onClose }: FeedbackDialogProps) {
  const { t } = useLingui();
  const format = useDateFormat();
  const person = feedback?.participant;
  const rows: [string, string][] = person
    ? [
        [t`Version`, person.version ?? '—'],
        [t`Speaker`, person.speaker ?? '—'],
        [t`Mic`, person.mic ?? '—'],
        [t`IP`, person.ip ?? '—'],
        [t`Network`, person.network ?? '—'],
        [t`Camera`, person.camera ?? '—'],
        [t`Start Time`, person.joinedAt ? format.dateTime(person.joinedAt) : '—'],
      ]
    : [];
  return (
    <Dialog opened={feedback !== null} onClose={onClose} title={feedback ? t`Participant: ${feedback.participantName}` : ''}>
      <Stack gap="sm">
        {person?.flagged ? (
          <Badge color="red" variant="light">
            <Trans>Call quality flagged</Trans>
          </Badge>
        ) : null}
        <Table aria-label={t`Participant detail`}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td dir="auto">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Dialog>
  );
}
